// Routes of the 'admin-artists' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminArtistsContracts } from '../contracts/api/admin-artists';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-artists', adminArtistsContracts, {});
