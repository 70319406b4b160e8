// The calls a landing screen makes first, started by the entry (main.tsx) beside the session question instead of after
// it. Today that is /pie for a signed-in fan: its running pie, then that pie's live split, which otherwise wait for the
// router, the guard's `/api/user`, the screen's render and the pie's reply in turn. Each reply is left for the screen's
// own fetcher (lib/first-screen-data.ts). Only a browser whose session hint names the fan asks: a visitor who is not
// signed in would get a 401, which ends the sessions (SPEC §4) before the guard has said anything.
import { fetchActivePie, activePieUrl } from '../features/pie-funding/api/get-active-pie';
import { fetchLiveStats, realtimeStatsUrl } from '../features/pie/api/get-realtime-stats';
import { createApiClient } from '../lib/api-client';
import { keepPrefetchedReply } from '../lib/first-screen-data';
import { routePatterns } from '../lib/paths';
import { hasSessionHint } from '../lib/session-hints';

// A 401 here is the guard's to act on (it sends the fan to sign in with `?next=`), so this client never navigates.
const earlyClient = createApiClient({ navigate: () => {} });

/** Starts the first screen's own calls for this path, if it has any worth starting early. */
export function prefetchFirstScreenData(pathname: string): void {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path !== routePatterns.fan.pie || !hasSessionHint('fan')) return;
  keepPrefetchedReply(activePieUrl, fetchActivePie(earlyClient))
    .then((pie) => {
      if (pie)
        keepPrefetchedReply(realtimeStatsUrl(pie.id), fetchLiveStats(pie.id, earlyClient)).catch(() => {});
    })
    .catch(() => {});
}
