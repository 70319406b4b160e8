// The two areas with self-service accounts (fans and artist-side users): each has its own API base and so its own
// route for every account call, named in the API files by route key (lib/api-path.ts).
import type { ApiRouteKey } from '../../../lib/api-path';

export type SelfServiceArea = 'fan' | 'artist';

/** One route per area for the same account call, e.g. `/api/auth/login` and `/api/for-artists/auth/login`. */
export type AreaRoutes = Readonly<Record<SelfServiceArea, ApiRouteKey>>;
