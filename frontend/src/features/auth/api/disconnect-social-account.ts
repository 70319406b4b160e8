// POST /api/auth/disconnect-spotify | google | twitter | facebook: answers the fan as GET /api/user does, without
// that connection (decision 006). Refused with 409 when it is the fan's last way to sign in.
// Artist-side users have POST /api/for-artists/auth/disconnect-google, answered as GET /api/for-artists/user.
import type { ArtistUser, FanUser } from '@contracts/auth';
import type { SocialProviderName } from '@contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client';
import type { SelfServiceArea } from './auth-area';

const fanDisconnectRoutes = {
  spotify: 'POST /api/auth/disconnect-spotify',
  google: 'POST /api/auth/disconnect-google',
  twitter: 'POST /api/auth/disconnect-twitter',
  facebook: 'POST /api/auth/disconnect-facebook',
} as const;

function selectDisconnectRoute(provider: SocialProviderName, area: SelfServiceArea) {
  if (area === 'fan') return fanDisconnectRoutes[provider];
  if (provider === 'google') return 'POST /api/for-artists/auth/disconnect-google' as const;
  throw new Error(`An artist-side account has no ${provider} connection to disconnect.`);
}

export function disconnectSocialAccount(
  provider: SocialProviderName,
  area: SelfServiceArea = 'fan',
): Promise<FanUser | ArtistUser> {
  return apiClient.call(selectDisconnectRoute(provider, area));
}
