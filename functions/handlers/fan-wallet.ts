// Routes of the 'fan-wallet' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { fanWalletContracts } from '../contracts/api/fan-wallet';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-wallet', fanWalletContracts, {});
