// Where each social provider lives for this deployment: the real provider when client credentials are configured,
// otherwise, locally, the OAuth sandbox served by the local runtime; otherwise it is not configured and its sign-in
// answers "not available". The settings themselves are read and validated in functions/runtime/oauth-settings.ts.
import type { ProviderEndpoints, SocialProvider } from './providers';
import { realEndpoints, sandboxClient, sandboxEndpoints, socialProviders } from './providers';

export interface OAuthProviderConfig {
  provider: SocialProvider;
  source: 'real' | 'sandbox';
  clientId: string;
  clientSecret: string;
  endpoints: ProviderEndpoints;
}

export interface OAuthConfig {
  providers: Partial<Record<SocialProvider, OAuthProviderConfig>>;
  /** Seals the short-lived sign-in state cookie. */
  stateSecret: string;
  /** Staff may sign in with Google only with a verified account of this domain; absent: nobody may. */
  staffEmailDomain: string | undefined;
  /** How long one call to a provider may take. */
  timeoutMs: number;
}

/** What the runtime's validated settings say (functions/runtime/oauth-settings.ts `OAuthSettings`). */
export interface OAuthSettingsInput {
  credentials: Partial<Record<SocialProvider, { clientId: string; clientSecret: string }>>;
  /** Set in local mode only. */
  sandboxUrl: string | undefined;
  stateSecret: string;
  staffEmailDomain: string | undefined;
  timeoutMs: number;
  spotifyApiUrl: string | undefined;
}

/** The providers' endpoints and clients for these settings. */
export function resolveOAuthConfig(settings: OAuthSettingsInput): OAuthConfig {
  const providers: Partial<Record<SocialProvider, OAuthProviderConfig>> = {};
  for (const provider of socialProviders) {
    const spotifyApi = provider === 'spotify' ? settings.spotifyApiUrl : undefined;
    const credentials = settings.credentials[provider];
    if (credentials) {
      providers[provider] = {
        provider,
        source: 'real',
        ...credentials,
        endpoints: withSpotifyApi(realEndpoints[provider], spotifyApi),
      };
    } else if (settings.sandboxUrl) {
      providers[provider] = {
        provider,
        source: 'sandbox',
        ...sandboxClient(provider),
        endpoints: withSpotifyApi(sandboxEndpoints(provider, settings.sandboxUrl), spotifyApi),
      };
    }
  }
  return {
    providers,
    stateSecret: settings.stateSecret,
    staffEmailDomain: settings.staffEmailDomain,
    timeoutMs: settings.timeoutMs,
  };
}

function withSpotifyApi(endpoints: ProviderEndpoints, apiBase: string | undefined): ProviderEndpoints {
  if (!apiBase) return endpoints;
  return { ...endpoints, apiBase, userInfo: `${apiBase}/v1/me` };
}
