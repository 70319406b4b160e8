// Routes of the 'fan-listening-sync' resource (see functions/contracts/routes.ts): the signed-in fan's on-demand
// Spotify syncs. They open the fan's sealed tokens and talk to Spotify, so they live apart from the reading calls,
// whose Lambda then carries neither the OAuth client nor the token cipher (docs/decisions/008-listening-sync.md).
import { fanListeningSyncContracts } from '../contracts/api/fan-listening-sync';
import { ok } from './lib/http';
import { loadListeningSyncDependencies, syncFanListeningNow } from '../services/listening/listening-sync';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-listening-sync', fanListeningSyncContracts, {
  // Plays after the fan's cursor: what the dashboard's "sync now" asks for.
  'GET /api/tracks/user/fetchLatestFromSpotify': async ({ principal, log }) => {
    const { userId } = principal;
    return ok(await syncFanListeningNow(await loadListeningSyncDependencies(), userId, 'since-cursor', log));
  },
  // Re-reads everything Spotify still offers (its last 50 plays, whatever the cursor says), so plays a sync
  // missed are added; plays already stored are not added twice.
  'POST /api/pie/add-missing-tracks-anytime': async ({ principal, log }) => {
    const { userId } = principal;
    return ok(await syncFanListeningNow(await loadListeningSyncDependencies(), userId, 'all-offered', log));
  },
});
