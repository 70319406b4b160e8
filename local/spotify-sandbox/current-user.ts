// Spotify's Web API as far as sign-in needs it: GET /v1/me, given the token's grant, already checked. The listening
// calls (recently played, top items, artists, search) are in web-api.ts.
import type { AccessTokenRecord } from '../oauth-sandbox/grants';
import { spotifyAccountIdOf, spotifyUserIdOf } from '../oauth-sandbox/identities';
import type { SandboxReply } from '../oauth-sandbox/reply';
import { json } from '../oauth-sandbox/reply';

export interface SpotifyApiRequest {
  grant: AccessTokenRecord;
  url: URL;
  nowMs: number;
}

export type SpotifyApiRoute = (request: SpotifyApiRequest) => Promise<SandboxReply> | SandboxReply;

/** `METHOD /v1/...` → handler. */
export const spotifyApiRoutes: Record<string, SpotifyApiRoute> = {
  'GET /v1/me': readCurrentUser,
};

/** Spotify's error body: `{ error: { status, message } }`. */
export function spotifyError(status: number, message: string): SandboxReply {
  return json(status, { error: { status, message } });
}

/** GET /v1/me: the private user object; email needs user-read-email, country and product user-read-private. */
function readCurrentUser({ grant }: SpotifyApiRequest): SandboxReply {
  const id = spotifyUserIdOf(grant.person.email);
  const canReadPrivate = grant.scopes.includes('user-read-private');
  return json(200, {
    account_id: spotifyAccountIdOf(grant.person.email),
    display_name: grant.person.name,
    ...(grant.scopes.includes('user-read-email') ? { email: grant.person.email } : {}),
    ...(canReadPrivate
      ? {
          country: 'US',
          product: 'premium',
          explicit_content: { filter_enabled: false, filter_locked: false },
        }
      : {}),
    external_urls: { spotify: `https://open.spotify.com/user/${id}` },
    followers: { href: null, total: 0 },
    href: `https://api.spotify.com/v1/users/${id}`,
    id,
    images: [],
    type: 'user',
    uri: `spotify:user:${id}`,
  });
}
