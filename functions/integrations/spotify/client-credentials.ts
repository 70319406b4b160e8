// OpenPie's own Spotify token (client credentials grant) for catalogue calls no listener is behind: artist search,
// artist details, an artist's top tracks. The token is kept until shortly before it expires and asked for again
// then; a 401 asks for a new one at once.
import type { SpotifyTokenSource } from './web-api';
import { SpotifyApiError } from './web-api';
import { clientCredentialsTokenSchema } from './schemas';

export interface ClientCredentialsConfig {
  /** The accounts service's token endpoint (the sandbox's locally). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; injectable for tests. */
  clock?: () => number;
  timeoutMs?: number;
}

/** A token is renewed this long before Spotify says it expires, so a call never starts with a dying token. */
const renewalMarginMs = 60_000;

export function createClientCredentialsTokenSource(config: ClientCredentialsConfig): SpotifyTokenSource {
  const doFetch = config.fetch ?? fetch;
  const clock = config.clock ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const reply = await doFetch(config.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
    if (!reply.ok)
      throw new SpotifyApiError(reply.status, `Spotify's token endpoint answered ${reply.status}`);
    const parsed = clientCredentialsTokenSchema.safeParse(await reply.json());
    if (!parsed.success) throw new SpotifyApiError(502, "Spotify's token reply has an unexpected shape");
    cached = {
      token: parsed.data.access_token,
      renewAt: clock() + parsed.data.expires_in * 1000 - renewalMarginMs,
    };
    return parsed.data.access_token;
  }

  /** One request at a time: concurrent calls share the token being fetched. */
  function fetchToken(): Promise<string> {
    pending ??= requestToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  return {
    accessToken: async () => (cached && cached.renewAt > clock() ? cached.token : fetchToken()),
    refresh: async () => {
      cached = undefined;
      return fetchToken();
    },
  };
}
