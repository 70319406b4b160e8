// Routes of the 'artist-offices' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { artistOfficesContracts } from '../contracts/api/artist-offices';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-offices', artistOfficesContracts, {});
