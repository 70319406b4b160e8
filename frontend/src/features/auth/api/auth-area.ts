// The two areas with self-service accounts (fans and artist-side users) and the API base each one calls.
import { apiPaths } from '../../../lib/paths';

export type SelfServiceArea = 'fan' | 'artist';

/** `/api/auth/<path>` for fans, `/api/for-artists/auth/<path>` for artist-side users (SPEC §7). */
export function buildAuthUrl(area: SelfServiceArea, path: string): string {
  return area === 'fan' ? apiPaths.fan(`/auth${path}`) : apiPaths.artist(`/auth${path}`);
}
