// Routes of the 'artist-socials' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { artistSocialsContracts } from '../contracts/api/artist-socials';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-socials', artistSocialsContracts, {});
