// What the social sign-in use cases take: the identity dependencies (table, clock, hasher, human check, signing key)
// plus the OAuth port and its configuration; the fans' flows also take the token cipher (fan.ts), so the staff and
// artist-side Lambda carries no KMS client.
import type { OAuthConfig, SocialSignIn } from '../../integrations/oauth';
import { perEnv } from '../../runtime/env';
import type { IdentityDependencies } from '../identity/dependencies';
import { identityDependencies } from '../identity/dependencies';
import { getOAuthConfig, getSocialSignInPort } from '../oauth-ports';

export interface SocialSignInDependencies extends IdentityDependencies {
  /** The OAuth flows; loaded on first use, since their configuration may come from the app secret. */
  socialSignIn(): Promise<SocialSignIn>;
  /** Where each provider lives, the state secret and the staff domain. */
  oauthConfig(): Promise<OAuthConfig>;
}

/** The deployment's social sign-in dependencies. */
export const socialSignInDependencies: () => SocialSignInDependencies = perEnv(() => ({
  ...identityDependencies(),
  socialSignIn: getSocialSignInPort,
  oauthConfig: getOAuthConfig,
}));

/** An address on the site, for the redirect URIs registered with the providers. */
export function siteUrl(deps: { siteOrigin: string | undefined }, path: string): string {
  if (!deps.siteOrigin) {
    throw new Error('SITE_ORIGIN is not configured: social sign-in cannot build its addresses.');
  }
  return `${deps.siteOrigin.replace(/\/+$/, '')}${path}`;
}
