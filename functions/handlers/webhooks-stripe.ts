// Routes of the 'webhooks-stripe' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { webhooksStripeContracts } from '../contracts/api/webhooks-stripe';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('webhooks-stripe', webhooksStripeContracts, {});
