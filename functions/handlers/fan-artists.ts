// Routes of the 'fan-artists' resource (see functions/contracts/routes.ts).
import { fanArtistsContracts } from '../contracts/api/fan-artists';
import {
  artistCatalogueDependencies,
  listArtists,
  readArtistDetails,
  readArtistTopTracks,
  readFanArtistDetails,
} from '../services/catalogue/artist-catalogue';
import { ok } from './lib/http';
import {
  listeningReadsDependencies,
  readFanArtists,
  readRecentArtistsOf,
  readTopArtistsOf,
} from '../services/listening/listening-reads';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-artists', fanArtistsContracts, {
  // The artist catalogue: every artist OpenPie knows, by name (default) or popularity, or a name search.
  'GET /api/artists': async ({ query }) => {
    const { artists, pagination } = await listArtists(artistCatalogueDependencies(), query);
    return ok(artists, { pagination });
  },
  'GET /api/artists/details/{id}': async ({ params }) =>
    ok(await readArtistDetails(artistCatalogueDependencies(), params.id)),
  'GET /api/artists/{id}/top-tracks': async ({ params, log }) =>
    ok(await readArtistTopTracks(artistCatalogueDependencies(), params.id, log)),
  'GET /api/artists/details/user/{id}': async ({ params, principal }) => {
    const { userId } = principal;
    return ok(await readFanArtistDetails(artistCatalogueDependencies(), userId, params.id));
  },
  // Listening reads: the artists a fan listens to, from the day totals of counted plays.
  'GET /api/artists/user': async ({ query, principal }) => {
    const { userId } = principal;
    const { artists, pagination } = await readFanArtists(listeningReadsDependencies(), userId, query);
    return ok(artists, { pagination });
  },
  'GET /api/artists/user/{id}/top': async ({ params, query, principal }) => {
    const { userId } = principal;
    return ok(await readTopArtistsOf(listeningReadsDependencies(), userId, params.id, query));
  },
  'GET /api/artists/recent-listened': async ({ query, principal }) => {
    const { userId } = principal;
    return ok(await readRecentArtistsOf(listeningReadsDependencies(), userId, userId, query.limit));
  },
  'GET /api/artists/recent-listened/{userId}': async ({ params, query, principal }) => {
    const { userId } = principal;
    return ok(await readRecentArtistsOf(listeningReadsDependencies(), userId, params.userId, query.limit));
  },
});
