// Routes of the 'fan-tracks' resource (see functions/contracts/routes.ts).
import { fanTracksContracts } from '../contracts/api/fan-tracks';
import { historyImportDependencies, importListeningHistory } from '../services/listening/history-import';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';
import {
  listeningReadsDependencies,
  readDailyListening,
  readLatestFetchedDate,
  readLatestPlays,
  readPopularTracks,
  readTopTracksOf,
} from '../services/listening/listening-reads';

export const handler = createResourceHandler('fan-tracks', fanTracksContracts, {
  // Listening reads: the stored plays newest first, numbered pages; under-30-s plays shown, not counted.
  'GET /api/tracks/user/latest': async ({ query, principal }) => {
    const { userId } = principal;
    const { plays, pagination } = await readLatestPlays(listeningReadsDependencies(), userId, query);
    return ok(plays, { pagination });
  },
  'GET /api/tracks/user/popular': async ({ query, principal }) => {
    const { userId } = principal;
    const { tracks, pagination } = await readPopularTracks(listeningReadsDependencies(), userId, query);
    return ok(tracks, { pagination });
  },
  'GET /api/tracks/user/{id}/top': async ({ params, query, principal }) => {
    const { userId } = principal;
    return ok(await readTopTracksOf(listeningReadsDependencies(), userId, params.id, query));
  },
  'POST /api/tracks/user/import': async ({ body, principal }) => {
    const { userId } = principal;
    return ok(await importListeningHistory(historyImportDependencies(), userId, body));
  },
  'GET /api/tracks/user/latestFetchedDate': async ({ principal }) => {
    const { userId } = principal;
    return ok(await readLatestFetchedDate(listeningReadsDependencies(), userId));
  },
  'GET /api/tracks/user/daily': async ({ query, principal }) => {
    const { userId } = principal;
    return ok(await readDailyListening(listeningReadsDependencies(), userId, query));
  },
});
