// What each social provider is: where its endpoints live (for real, and in the local sandbox), which scopes we ask
// for and how it wants the client to authenticate at its token endpoint. The providers and the names people see are
// the contract's (functions/contracts/social-sign-in.ts), shared with the SPA.
import type { SocialProviderName } from '../../contracts/social-sign-in';
import { socialProviderLabels, socialProviders } from '../../contracts/social-sign-in';

export { socialProviders };
export type SocialProvider = SocialProviderName;

/** Names people see. The routes (and SPEC §8's texts) call X "Twitter"; its sign-in page calls itself X. */
export const providerLabels: Readonly<Record<SocialProvider, string>> = socialProviderLabels;

export const providerScopes: Record<SocialProvider, readonly string[]> = {
  spotify: ['user-read-recently-played', 'user-top-read', 'user-read-email', 'user-read-private'],
  google: ['openid', 'email', 'profile'],
  twitter: ['users.read', 'tweet.read', 'offline.access'],
  facebook: ['email', 'public_profile'],
};

/**
 * How the client proves itself at the token endpoint: HTTP Basic (Spotify and X's confidential clients),
 * form fields (Google's client_secret_post), or query parameters of a GET (Facebook's Graph API).
 */
export type ClientAuthentication = 'basic' | 'post' | 'query';

export interface ProviderProfile {
  clientAuthentication: ClientAuthentication;
  /** Facebook's dialog reads a comma-separated scope list; the others a space-separated one (RFC 6749). */
  scopeSeparator: ' ' | ',';
}

export const providerProfiles: Record<SocialProvider, ProviderProfile> = {
  spotify: { clientAuthentication: 'basic', scopeSeparator: ' ' },
  google: { clientAuthentication: 'post', scopeSeparator: ' ' },
  twitter: { clientAuthentication: 'basic', scopeSeparator: ' ' },
  facebook: { clientAuthentication: 'query', scopeSeparator: ',' },
};

export interface ProviderEndpoints {
  authorize: string;
  token: string;
  /** Where the signed-in person's profile is read (Spotify /v1/me, X /2/users/me, Graph /me, Google userinfo). */
  userInfo: string;
  /** Spotify's Web API root, for the listening work (`${apiBase}/v1/me/player/recently-played`). */
  apiBase?: string;
  /** OpenID Connect only (Google): where the id_token signing keys are, and the issuers id_tokens may name. */
  jwks?: string;
  issuers?: string[];
}

const facebookGraphVersion = 'v23.0';

export const realEndpoints: Record<SocialProvider, ProviderEndpoints> = {
  spotify: {
    authorize: 'https://accounts.spotify.com/authorize',
    token: 'https://accounts.spotify.com/api/token',
    userInfo: 'https://api.spotify.com/v1/me',
    apiBase: 'https://api.spotify.com',
  },
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userInfo: 'https://openidconnect.googleapis.com/v1/userinfo',
    jwks: 'https://www.googleapis.com/oauth2/v3/certs',
    // Google documents both spellings of its issuer.
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
  },
  twitter: {
    authorize: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    userInfo: 'https://api.x.com/2/users/me',
  },
  facebook: {
    authorize: `https://www.facebook.com/${facebookGraphVersion}/dialog/oauth`,
    token: `https://graph.facebook.com/${facebookGraphVersion}/oauth/access_token`,
    userInfo: `https://graph.facebook.com/${facebookGraphVersion}/me`,
  },
};

/**
 * The same endpoints on the local OAuth sandbox (local/oauth-sandbox), which mirrors each provider's paths under
 * `<sandbox>/<provider>/`. Production code reaches the sandbox only through this base URL (DESIGN §3).
 */
export function sandboxEndpoints(provider: SocialProvider, sandboxUrl: string): ProviderEndpoints {
  const base = `${sandboxUrl.replace(/\/+$/, '')}/${provider}`;
  switch (provider) {
    case 'spotify':
      return {
        authorize: `${base}/accounts/authorize`,
        token: `${base}/accounts/api/token`,
        userInfo: `${base}/api/v1/me`,
        apiBase: `${base}/api`,
      };
    case 'google':
      return {
        authorize: `${base}/o/oauth2/v2/auth`,
        token: `${base}/token`,
        userInfo: `${base}/v1/userinfo`,
        jwks: `${base}/oauth2/v3/certs`,
        issuers: [base],
      };
    case 'twitter':
      return {
        authorize: `${base}/i/oauth2/authorize`,
        token: `${base}/2/oauth2/token`,
        userInfo: `${base}/2/users/me`,
      };
    case 'facebook':
      return {
        authorize: `${base}/${facebookGraphVersion}/dialog/oauth`,
        token: `${base}/${facebookGraphVersion}/oauth/access_token`,
        userInfo: `${base}/${facebookGraphVersion}/me`,
      };
  }
}

/**
 * The client credentials the local sandbox registers for OpenPie. Not secrets: they only open the sandbox, which
 * runs on the developer's machine. The sandbox keeps its own copy, as a real provider would.
 */
export function sandboxClient(provider: SocialProvider): { clientId: string; clientSecret: string } {
  return { clientId: `openpie-local-${provider}`, clientSecret: `openpie-local-${provider}-secret` };
}
