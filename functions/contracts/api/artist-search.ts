import { artistSearchQuerySchema, artistSummaryListSchema } from '../artists';
import type { ResourceContracts } from './contract';
import { paged } from './contract';

export const artistSearchContracts = {
  'GET /api/for-artists/search': { query: artistSearchQuerySchema, reply: paged(artistSummaryListSchema) },
} satisfies ResourceContracts<'artist-search'>;
