// Routes of the 'artist-search' resource (see functions/contracts/routes.ts): the artist area's name search, so an
// artist-side user finds the artist they want to claim.
import { artistSearchQuerySchema } from '../contracts/artists';
import { searchArtistsEverywhere } from '../services/artist-catalogue';
import { ok } from './lib/http';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';

export const handler = createResourceHandler('artist-search', {
  'GET /api/for-artists/search': defineRoute({
    query: artistSearchQuerySchema,
    handle: async ({ query, now, log }) => {
      const { artists, pagination } = await searchArtistsEverywhere(getTable(), query.search_term, {
        page: query.page,
        limit: query.limit,
        now,
        log,
      });
      return ok(artists, { pagination });
    },
  }),
});
