// POST /api/auth/disconnect-spotify | google | twitter | facebook: answers the fan as GET /api/user does, without
// that connection (decision 006). Refused with 409 when it is the fan's last way to sign in.
// Artist-side users have POST /api/for-artists/auth/disconnect-google, answered as GET /api/for-artists/user.
import type { ArtistUser, FanUser } from '../../../../../functions/contracts/auth';
import type { SocialProviderName } from '../../../../../functions/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client';
import type { SelfServiceArea } from './auth-area';
import { buildAuthUrl } from './auth-area';

export function disconnectSocialAccount(
  provider: SocialProviderName,
  area: SelfServiceArea = 'fan',
): Promise<FanUser | ArtistUser> {
  return apiClient.post<FanUser | ArtistUser>(buildAuthUrl(area, `/disconnect-${provider}`));
}
