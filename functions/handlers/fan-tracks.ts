// Routes of the 'fan-tracks' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import type { HistoryImportResult } from '../contracts/listening';
import { dailyListeningQuerySchema, historyImportSchema } from '../contracts/listening';
import { getDailyListening, isWithinRetention, recomputeDailyListening, savePlays } from '../data/listening';
import { artistOfImportedPlay, readHistoryImport } from '../domain/listening/history-import';
import { findCatalogueArtistsByNames } from '../data/catalogue';
import { readLatestFetchedDate } from '../data/spotify-sync';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';
import {
  fanIdParamsSchema,
  latestPlaysQuerySchema,
  popularTracksQuerySchema,
  topListQuerySchema,
} from '../contracts/listening-reads';
import { pageOf } from '../domain/listening/listening-reads';
import { assertCanSeeListening, readLatestPlays, readTrackListening } from '../services/listening-reads';

export const handler = createResourceHandler('fan-tracks', {
  // Listening reads (issue #5): the stored plays newest first, numbered pages; under-30-s plays shown, not counted.
  'GET /api/tracks/user/latest': defineRoute({
    query: latestPlaysQuerySchema,
    handle: async ({ query, principal }) => {
      const { userId } = requirePrincipal(principal);
      const { plays, pagination } = await readLatestPlays(getTable(), userId, query.page, query.limit);
      return ok(plays, { pagination });
    },
  }),
  'GET /api/tracks/user/popular': defineRoute({
    query: popularTracksQuerySchema,
    handle: async ({ query, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      const tracks = await readTrackListening(getTable(), userId, query.days, now);
      const { items, pagination } = pageOf(tracks, query.page, query.limit);
      return ok(items, { pagination });
    },
  }),
  'GET /api/tracks/user/{id}/top': defineRoute({
    params: fanIdParamsSchema,
    query: topListQuerySchema,
    handle: async ({ params, query, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      await assertCanSeeListening(getTable(), userId, params.id);
      const tracks = await readTrackListening(getTable(), params.id, query.days, now);
      return ok(tracks.slice(0, query.limit));
    },
  }),
  'POST /api/tracks/user/import': defineRoute({
    body: historyImportSchema,
    handle: async ({ body, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      const outcome = readHistoryImport(body);
      // Plays older than the 13-month retention would be removed by TTL at once: they count as ignored.
      const kept = outcome.plays.filter((play) => isWithinRetention(play.endedAt, now));
      // An export names artists only: match each name to a catalogue artist where one has the same normalised name.
      const known = await findCatalogueArtistsByNames(
        getTable(),
        kept.map((play) => play.artistName),
      );
      const saved = await savePlays(
        getTable(),
        userId,
        kept.map((play) => ({
          endedAt: play.endedAt,
          msPlayed: play.msPlayed,
          trackName: play.trackName,
          ...(play.trackId ? { trackId: play.trackId } : {}),
          artists: [artistOfImportedPlay(play.artistName, known)],
          source: 'import' as const,
          identity: play.identity,
        })),
      );
      await recomputeDailyListening(getTable(), userId, saved.days);
      const result: HistoryImportResult = {
        imported: saved.saved,
        duplicates: saved.duplicates,
        ignored: outcome.ignored + (outcome.plays.length - kept.length),
      };
      return ok(result);
    },
  }),
  'GET /api/tracks/user/latestFetchedDate': defineRoute({
    handle: async ({ principal }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await readLatestFetchedDate(getTable(), userId));
    },
  }),
  'GET /api/tracks/user/daily': defineRoute({
    query: dailyListeningQuerySchema,
    handle: async ({ query, principal }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await getDailyListening(getTable(), userId, query.startDate, query.endDate));
    },
  }),
});
