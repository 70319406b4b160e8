// Routes of the 'fan-payments' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { fanPaymentsContracts } from '../contracts/api/fan-payments';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-payments', fanPaymentsContracts, {});
