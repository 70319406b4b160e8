// The browser redirects of SPEC §7 that start a fan's social sign-in: not fetch calls, addresses the whole page goes
// to. The provider sends the browser back to /dashboard, or to the page with `socialError=<provider>` (decision 006).
// Shared: the sign-in screens start a sign-in, the settings and the dashboard connect Spotify with the same route.
import type { SocialProviderName } from '@contracts/social-sign-in';
import { apiPath, type ApiRouteKey } from './api-path';

/** The route of each provider; Facebook's is named for fans, as in SPEC §7. */
const fanSignInRoutes = {
  spotify: 'GET /api/auth/loginSpotify',
  google: 'GET /api/auth/loginGoogle',
  twitter: 'GET /api/auth/loginTwitter',
  facebook: 'GET /api/auth/loginFacebookFan',
} as const satisfies Readonly<Record<SocialProviderName, ApiRouteKey>>;

export type DeviceType = 'mobile' | 'desktop';

export interface FanSignInOptions {
  deviceType: DeviceType;
  recaptchaToken?: string;
  /** 'try' on the promo page. */
  promo?: 'try';
  /** A signed-in fan connecting Spotify from the dashboard or /try comes back there (else to /settings). */
  returnTo?: 'dashboard' | 'try';
}

/** `GET /api/auth/login<Provider>?deviceType=…&recaptchaToken=…&promo=try`; Google takes no deviceType. */
export function buildFanSignInUrl(provider: SocialProviderName, options: FanSignInOptions): string {
  return apiPath(fanSignInRoutes[provider], {
    query: {
      deviceType: provider === 'google' ? undefined : options.deviceType,
      recaptchaToken: options.recaptchaToken,
      promo: options.promo,
      returnTo: options.returnTo,
    },
  });
}
