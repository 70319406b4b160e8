// How each provider behaves, as far as the sandbox imitates it: its client registration, how the client must
// authenticate at the token endpoint, which scopes exist, how long tokens live and whether refresh tokens are issued.
// Kept apart from functions/integrations/oauth on purpose: the sandbox is the provider, and knows only what a real
// provider would.

export type SandboxProvider = 'spotify' | 'google' | 'twitter' | 'facebook';
export const sandboxProviders: readonly SandboxProvider[] = ['spotify', 'google', 'twitter', 'facebook'];

export type ClientAuthMethod = 'basic' | 'post' | 'query';

export interface SandboxProviderProfile {
  label: string;
  client: { id: string; secret: string };
  clientAuth: readonly ClientAuthMethod[];
  scopeSeparator: RegExp;
  knownScopes: readonly string[];
  accessTokenSeconds: number;
  /** Whether a refresh token comes with this grant. */
  issuesRefreshToken(scopes: readonly string[], accessType: string | undefined): boolean;
  /** X hands out a new refresh token on every refresh and retires the old one. */
  rotatesRefreshToken: boolean;
  tokenType: string;
}

/** The client the local product is registered as at each provider (functions/integrations/oauth/providers.ts uses it). */
function localClientOf(provider: SandboxProvider): SandboxProviderProfile['client'] {
  return { id: `openpie-local-${provider}`, secret: `openpie-local-${provider}-secret` };
}

export const sandboxProfiles: Record<SandboxProvider, SandboxProviderProfile> = {
  spotify: {
    label: 'Spotify',
    client: localClientOf('spotify'),
    clientAuth: ['basic'],
    scopeSeparator: / +/,
    knownScopes: [
      'user-read-recently-played',
      'user-top-read',
      'user-read-email',
      'user-read-private',
      'user-read-currently-playing',
      'user-read-playback-state',
      'user-library-read',
      'playlist-read-private',
    ],
    accessTokenSeconds: 3600,
    issuesRefreshToken: () => true,
    rotatesRefreshToken: false,
    tokenType: 'Bearer',
  },
  google: {
    label: 'Google',
    client: localClientOf('google'),
    clientAuth: ['post', 'basic'],
    scopeSeparator: / +/,
    knownScopes: ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/youtube.readonly'],
    accessTokenSeconds: 3599,
    issuesRefreshToken: (_scopes, accessType) => accessType === 'offline',
    rotatesRefreshToken: false,
    tokenType: 'Bearer',
  },
  twitter: {
    label: 'X',
    client: localClientOf('twitter'),
    clientAuth: ['basic'],
    scopeSeparator: / +/,
    knownScopes: ['users.read', 'tweet.read', 'offline.access', 'users.email', 'follows.read', 'like.read'],
    accessTokenSeconds: 7200,
    issuesRefreshToken: (scopes) => scopes.includes('offline.access'),
    rotatesRefreshToken: true,
    tokenType: 'bearer',
  },
  facebook: {
    label: 'Facebook',
    client: localClientOf('facebook'),
    clientAuth: ['query', 'post'],
    scopeSeparator: /[ ,]+/,
    knownScopes: [
      'email',
      'public_profile',
      'user_link',
      'pages_show_list',
      'pages_read_engagement',
      'instagram_basic',
    ],
    // Facebook's user tokens from the code exchange are long-lived (about 60 days) and cannot be refreshed.
    accessTokenSeconds: 60 * 24 * 3600,
    issuesRefreshToken: () => false,
    rotatesRefreshToken: false,
    tokenType: 'bearer',
  },
};

export function isSandboxProvider(value: string): value is SandboxProvider {
  return (sandboxProviders as readonly string[]).includes(value);
}
