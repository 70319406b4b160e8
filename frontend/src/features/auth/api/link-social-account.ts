// POST /api/auth/link-google | link-twitter | link-facebook: the address at the provider where the signed-in fan
// approves the connection; the provider then sends the browser back to /settings (decision 006). Spotify has no
// link call: its sign-in route connects Spotify when a fan is already signed in (social-sign-in-urls.ts).
// Artist-side users have POST /api/for-artists/auth/link-google, which returns to /for-artists/settings.
import type { SocialProviderName } from '@contracts/social-sign-in';
import { apiClient } from '../../../lib/api-client';
import type { SelfServiceArea } from './auth-area';

export type LinkableProvider = Exclude<SocialProviderName, 'spotify'>;

const fanLinkRoutes = {
  google: 'POST /api/auth/link-google',
  twitter: 'POST /api/auth/link-twitter',
  facebook: 'POST /api/auth/link-facebook',
} as const;

function selectLinkRoute(provider: LinkableProvider, area: SelfServiceArea) {
  if (area === 'fan') return fanLinkRoutes[provider];
  if (provider === 'google') return 'POST /api/for-artists/auth/link-google' as const;
  throw new Error(`An artist-side account cannot connect ${provider}.`);
}

export async function linkSocialAccount(
  provider: LinkableProvider,
  area: SelfServiceArea = 'fan',
): Promise<string> {
  const reply = await apiClient.call(selectLinkRoute(provider, area));
  return reply.authorizeUrl;
}
