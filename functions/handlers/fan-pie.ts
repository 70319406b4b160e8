// Routes of the 'fan-pie' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { fanPieContracts } from '../contracts/api/fan-pie';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-pie', fanPieContracts, {});
