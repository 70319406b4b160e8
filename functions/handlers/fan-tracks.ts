// Routes of the 'fan-tracks' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import type { HistoryImportResult } from '../contracts/listening';
import { dailyListeningQuerySchema, historyImportSchema } from '../contracts/listening';
import { getDailyListening, isWithinRetention, recomputeDailyListening, savePlays } from '../data/listening';
import { readHistoryImport } from '../domain/listening/history-import';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from './lib/table';

const trackIdOf = (uri: string | undefined) => uri?.match(/^spotify:track:([A-Za-z0-9]+)$/)?.[1];

export const handler = createResourceHandler('fan-tracks', {
  'POST /api/tracks/user/import': defineRoute({
    body: historyImportSchema,
    handle: async ({ body, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      const outcome = readHistoryImport(body);
      // Plays older than the 13-month retention would be removed by TTL at once: they count as ignored.
      const kept = outcome.plays.filter((play) => isWithinRetention(play.endedAt, now));
      const saved = await savePlays(
        getTable(),
        userId,
        kept.map((play) => {
          const trackId = trackIdOf(play.trackUri);
          return {
            endedAt: play.endedAt,
            msPlayed: play.msPlayed,
            trackName: play.trackName,
            ...(trackId ? { trackId } : {}),
            artists: [{ artistName: play.artistName }],
            source: 'import' as const,
            identity: play.identity,
          };
        }),
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
  'GET /api/tracks/user/daily': defineRoute({
    query: dailyListeningQuerySchema,
    handle: async ({ query, principal }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await getDailyListening(getTable(), userId, query.startDate, query.endDate));
    },
  }),
});
