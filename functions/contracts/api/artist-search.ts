import { artistSearchQuerySchema, claimSearchArtistListSchema } from '../artists';
import type { ResourceContracts } from './contract';
import { paged } from './contract';

export const artistSearchContracts = {
  'GET /api/for-artists/search': {
    query: artistSearchQuerySchema,
    reply: paged(claimSearchArtistListSchema),
  },
} satisfies ResourceContracts<'artist-search'>;
