// POST /api/auth/link-google | link-twitter | link-facebook: the address at the provider where the signed-in fan
// approves the connection; the provider then sends the browser back to /settings (decision 006). Spotify has no
// link call: its sign-in route connects Spotify when a fan is already signed in (social-sign-in-urls.ts).
// Artist-side users have POST /api/for-artists/auth/link-google, which returns to /for-artists/settings.
import type { SocialProviderName } from '../../../../../functions/contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client';
import type { SelfServiceArea } from './auth-area';
import { buildAuthUrl } from './auth-area';

export type LinkableProvider = Exclude<SocialProviderName, 'spotify'>;

export async function linkSocialAccount(
  provider: LinkableProvider,
  area: SelfServiceArea = 'fan',
): Promise<string> {
  const reply = await apiClient.post<{ authorizeUrl: string }>(buildAuthUrl(area, `/link-${provider}`));
  return reply.authorizeUrl;
}
