// Routes of the 'admin-user-artists' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminUserArtistsContracts } from '../contracts/api/admin-user-artists';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-user-artists', adminUserArtistsContracts, {});
