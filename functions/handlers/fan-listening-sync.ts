// Routes of the 'fan-listening-sync' resource (see functions/contracts/routes.ts): the signed-in fan's on-demand
// Spotify syncs. They open the fan's sealed tokens and talk to Spotify, so they live apart from the reading calls,
// whose Lambda then carries neither the OAuth client nor the token cipher (docs/decisions/008-listening-sync.md).
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { syncFanListeningNow } from '../services/listening-sync';
import { createResourceHandler, defineRoute } from './lib/resource';

export const handler = createResourceHandler('fan-listening-sync', {
  // Plays after the fan's cursor: what the dashboard's "sync now" asks for.
  'GET /api/tracks/user/fetchLatestFromSpotify': defineRoute({
    handle: async ({ principal, now, log }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await syncFanListeningNow(userId, 'since-cursor', now, log));
    },
  }),
  // Re-reads everything Spotify still offers (its last 50 plays, whatever the cursor says), so plays a sync
  // missed are added; plays already stored are not added twice.
  'POST /api/pie/add-missing-tracks-anytime': defineRoute({
    handle: async ({ principal, now, log }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await syncFanListeningNow(userId, 'all-offered', now, log));
    },
  }),
});
