// Routes of the 'artist-payments' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { artistPaymentsContracts } from '../contracts/api/artist-payments';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-payments', artistPaymentsContracts, {});
