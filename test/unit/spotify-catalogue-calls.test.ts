// OpenPie's own Spotify token (client credentials) and the artist search call, against a stand-in fetch.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createClientCredentialsTokenSource } from '../../functions/integrations/spotify/client-credentials';
import { artistSearchSchema } from '../../functions/integrations/spotify/schemas';
import { createSpotifyWebApi } from '../../functions/integrations/spotify/web-api';

const responses = join(process.cwd(), '..', 'shared', 'thirdparty', 'spotify', 'responses');
const capturedArtist = JSON.parse(readFileSync(join(responses, 'find_artist.json'), 'utf8')) as Record<
  string,
  unknown
>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A search reply in Spotify's shape around the captured artist object. */
function searchReply(artist: Record<string, unknown>) {
  return {
    artists: {
      href: 'https://api.spotify.com/v1/search?q=pit&type=artist&offset=0&limit=20',
      items: [artist],
      limit: 20,
      next: null,
      offset: 0,
      previous: null,
      total: 1,
    },
  };
}

describe('the client credentials token', () => {
  it('is asked for once with Basic client authentication, shared, and asked for again when it expires', async () => {
    // Prepare
    let now = 1_000_000;
    let issued = 0;
    const fetchMock = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      issued += 1;
      expect(init?.method).toBe('POST');
      expect(new Headers(init?.headers).get('authorization')).toBe(
        `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
      );
      expect(String(init?.body)).toBe('grant_type=client_credentials');
      return json(200, { access_token: `token-${issued}`, token_type: 'bearer', expires_in: 3600 });
    });
    const tokens = createClientCredentialsTokenSource({
      tokenUrl: 'https://accounts.example/api/token',
      clientId: 'client-id',
      clientSecret: 'client-secret',
      fetch: fetchMock as unknown as typeof fetch,
      clock: () => now,
    });
    // Act
    const together = await Promise.all([tokens.accessToken(), tokens.accessToken()]);
    const later = await tokens.accessToken();
    now += 3_600_000;
    const afterExpiry = await tokens.accessToken();
    const refreshed = await tokens.refresh();
    // Assess
    expect(together).toEqual(['token-1', 'token-1']);
    expect(later).toBe('token-1');
    expect(afterExpiry).toBe('token-2');
    expect(refreshed).toBe('token-3');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('fails clearly when the token endpoint refuses the client', async () => {
    // Prepare
    const tokens = createClientCredentialsTokenSource({
      tokenUrl: 'https://accounts.example/api/token',
      clientId: 'client-id',
      clientSecret: 'wrong',
      fetch: (async () => json(401, { error: 'invalid_client' })) as typeof fetch,
    });
    // Act
    const outcome = tokens.accessToken();
    // Assess
    await expect(outcome).rejects.toMatchObject({ name: 'SpotifyApiError', status: 401 });
  });
});

describe('the artist search call', () => {
  it('asks /v1/search for artists and reads the captured artist, also without the deprecated fields', async () => {
    // Prepare
    const { popularity: _popularity, followers: _followers, genres: _genres, ...bare } = capturedArtist;
    const asked: string[] = [];
    const replies = [searchReply(capturedArtist), searchReply(bare)];
    const api = createSpotifyWebApi(
      {
        baseUrl: 'https://api.example',
        fetch: (async (url: string | URL | Request) => {
          asked.push(String(url));
          return json(200, replies.shift());
        }) as typeof fetch,
      },
      { accessToken: async () => 'token', refresh: async () => 'token' },
    );
    // Act
    const full = await api.searchArtists('pit bull', { limit: 6 });
    const withoutDeprecated = await api.searchArtists('pit');
    // Assess
    expect(new URL(asked[0] ?? '').searchParams.toString()).toBe('q=pit+bull&type=artist&limit=6&offset=0');
    expect(full[0]).toMatchObject({ id: '0TnOYISbd1XYRBk9myaseg', name: 'Pitbull', popularity: 97 });
    expect(withoutDeprecated[0]).toMatchObject({ id: '0TnOYISbd1XYRBk9myaseg', name: 'Pitbull' });
    expect(withoutDeprecated[0]?.popularity).toBeUndefined();
    expect(artistSearchSchema.safeParse({ artists: { items: [{ name: 'No id' }] } }).success).toBe(false);
  });
});
