// Routes of the 'fan-artists' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import {
  fanArtistsQuerySchema,
  fanIdParamsSchema,
  fanUserIdParamsSchema,
  recentArtistsQuerySchema,
  topListQuerySchema,
} from '../contracts/listening-reads';
import { artistIdParamsSchema, catalogueArtistsQuerySchema } from '../contracts/artists';
import { listCatalogueArtists, searchCatalogueArtists } from '../data/catalogue';
import {
  paginationOf,
  readArtistDetails,
  readArtistTopTracks,
  readFanArtistDetails,
} from '../services/artist-catalogue';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import {
  assertCanSeeListening,
  attachCatalogueArtists,
  readArtistListening,
  readFanArtists,
  readRecentArtists,
} from '../services/listening-reads';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';

export const handler = createResourceHandler('fan-artists', {
  // The artist catalogue (issue #5): every artist OpenPie knows, by name (default) or popularity, or a name search.
  'GET /api/artists': defineRoute({
    query: catalogueArtistsQuerySchema,
    handle: async ({ query }) => {
      const { page, limit } = query;
      const found = query.search
        ? await searchCatalogueArtists(getTable(), query.search, { page, limit })
        : await listCatalogueArtists(getTable(), {
            page,
            limit,
            sort: query.sort,
            direction: query.direction,
          });
      return ok(found.artists, { pagination: paginationOf(page, limit, found.total) });
    },
  }),
  'GET /api/artists/details/{id}': defineRoute({
    params: artistIdParamsSchema,
    handle: async ({ params, now }) => ok(await readArtistDetails(getTable(), params.id, now)),
  }),
  'GET /api/artists/{id}/top-tracks': defineRoute({
    params: artistIdParamsSchema,
    handle: async ({ params, now, log }) =>
      ok(await readArtistTopTracks(getTable(), params.id, { now, log })),
  }),
  'GET /api/artists/details/user/{id}': defineRoute({
    params: artistIdParamsSchema,
    handle: async ({ params, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await readFanArtistDetails(getTable(), userId, params.id, now));
    },
  }),
  // Listening reads (issue #5): the artists a fan listens to, from the day totals of counted plays.
  'GET /api/artists/user': defineRoute({
    query: fanArtistsQuerySchema,
    handle: async ({ query, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      const { artists, pagination } = await readFanArtists(getTable(), userId, query, now);
      return ok(artists, { pagination });
    },
  }),
  'GET /api/artists/user/{id}/top': defineRoute({
    params: fanIdParamsSchema,
    query: topListQuerySchema,
    handle: async ({ params, query, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      await assertCanSeeListening(getTable(), userId, params.id);
      const artists = await readArtistListening(getTable(), params.id, query.days, now);
      return ok(await attachCatalogueArtists(getTable(), artists.slice(0, query.limit)));
    },
  }),
  'GET /api/artists/recent-listened': defineRoute({
    query: recentArtistsQuerySchema,
    handle: async ({ query, principal }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await readRecentArtists(getTable(), userId, query.limit));
    },
  }),
  'GET /api/artists/recent-listened/{userId}': defineRoute({
    params: fanUserIdParamsSchema,
    query: recentArtistsQuerySchema,
    handle: async ({ params, query, principal }) => {
      const { userId } = requirePrincipal(principal);
      await assertCanSeeListening(getTable(), userId, params.userId);
      return ok(await readRecentArtists(getTable(), params.userId, query.limit));
    },
  }),
});
