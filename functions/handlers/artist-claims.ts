// Routes of the 'artist-claims' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { artistClaimsContracts } from '../contracts/api/artist-claims';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-claims', artistClaimsContracts, {});
