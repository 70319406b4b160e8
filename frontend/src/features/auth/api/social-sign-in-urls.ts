// The browser redirects of SPEC §7 that start a social sign-in: not fetch calls, addresses the whole page goes to.
// The provider sends the browser back to /dashboard, or to the page with `socialError=<provider>` (decision 006).
import type { SocialProviderName } from '../../../../../functions/contracts/social-sign-in';
import { apiPaths } from '../../../lib/paths';

/** The route of each provider; Facebook's is named for fans, as in SPEC §7. */
const fanSignInPaths: Readonly<Record<SocialProviderName, string>> = {
  spotify: '/auth/loginSpotify',
  google: '/auth/loginGoogle',
  twitter: '/auth/loginTwitter',
  facebook: '/auth/loginFacebookFan',
};

export type DeviceType = 'mobile' | 'desktop';

export interface FanSignInOptions {
  deviceType: DeviceType;
  recaptchaToken?: string;
  /** 'try' on the promo page. */
  promo?: 'try';
  /** A signed-in fan connecting Spotify from the dashboard comes back to it (else to /settings). */
  returnTo?: 'dashboard';
}

/** `GET /api/auth/login<Provider>?deviceType=…&recaptchaToken=…&promo=try`; Google takes no deviceType. */
export function buildFanSignInUrl(provider: SocialProviderName, options: FanSignInOptions): string {
  return apiPaths.fan(fanSignInPaths[provider], {
    deviceType: provider === 'google' ? undefined : options.deviceType,
    recaptchaToken: options.recaptchaToken,
    promo: options.promo,
    returnTo: options.returnTo,
  });
}

/** `GET /api/admin/auth/loginGoogle`: staff Google sign-in, returning to /admin/auth/google/callback. */
export function buildStaffGoogleSignInUrl(): string {
  return apiPaths.admin('/auth/loginGoogle');
}
