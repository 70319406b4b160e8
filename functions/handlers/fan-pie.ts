// Routes of the 'fan-pie' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { syncFanListeningNow } from './lib/listening-sync';
import { createResourceHandler, defineRoute } from './lib/resource';

export const handler = createResourceHandler('fan-pie', {
  // Re-reads everything Spotify still offers (its last 50 plays, whatever the cursor says), so plays a sync
  // missed are added; plays already stored are not added twice.
  'POST /api/pie/add-missing-tracks-anytime': defineRoute({
    handle: async ({ principal, now, log }) => {
      const { userId } = requirePrincipal(principal);
      return ok(await syncFanListeningNow(userId, 'all-offered', now, log));
    },
  }),
});
