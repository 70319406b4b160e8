import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SpotifyTokenSource } from '../../functions/integrations/spotify/web-api';
import {
  createSpotifyWebApi,
  SpotifyGrantRevokedError,
  SpotifyRateLimitedError,
} from '../../functions/integrations/spotify/web-api';

// A real loopback HTTP server plays Spotify, answering each request from a script the test writes.
const responses = join(process.cwd(), '..', 'shared', 'thirdparty', 'spotify', 'responses');
const captured = (name: string) => readFileSync(join(responses, `${name}.json`), 'utf8');

type Answer = { status: number; body?: string; headers?: Record<string, string> };
interface Seen {
  path: string;
  authorization: string | undefined;
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function startSpotify(
  answer: (req: IncomingMessage) => Answer,
): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
    const reply = answer(req);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(reply.body ?? '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function tokenSource(refresh: () => Promise<string> = async () => 'fresh-token'): SpotifyTokenSource & {
  refreshes: number;
} {
  const source = {
    refreshes: 0,
    accessToken: async () => 'old-token',
    refresh: async () => {
      source.refreshes += 1;
      return refresh();
    },
  };
  return source;
}

describe('Spotify Web API client', () => {
  it('waits out a 429 for its Retry-After and resumes', async () => {
    // Prepare
    let calls = 0;
    const spotify = await startSpotify(() =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '2' } }
        : { status: 200, body: captured('player_recently_played') },
    );
    const waited: number[] = [];
    const api = createSpotifyWebApi(
      { baseUrl: spotify.baseUrl, sleep: async (ms) => void waited.push(ms) },
      tokenSource(),
    );
    // Act
    const plays = await api.recentlyPlayed({ after: 1495842394544 });
    // Assess
    expect(waited).toEqual([2000]);
    expect(plays.items).toHaveLength(20);
    expect(spotify.seen.map((request) => request.path)).toEqual([
      '/v1/me/player/recently-played?limit=50&after=1495842394544',
      '/v1/me/player/recently-played?limit=50&after=1495842394544',
    ]);
  });

  it('gives up after its allowed waits, so the job can retry later', async () => {
    const spotify = await startSpotify(() => ({ status: 429, headers: { 'retry-after': '1' } }));
    const api = createSpotifyWebApi(
      { baseUrl: spotify.baseUrl, sleep: async () => undefined, maxRateLimitWaits: 2 },
      tokenSource(),
    );
    await expect(api.me()).rejects.toBeInstanceOf(SpotifyRateLimitedError);
    expect(spotify.seen).toHaveLength(3);
  });

  it('refreshes an expired access token once and retries with the new one', async () => {
    const spotify = await startSpotify((req) =>
      req.headers.authorization === 'Bearer fresh-token'
        ? { status: 200, body: captured('current_users_top_artists') }
        : { status: 401, body: '{"error":{"status":401,"message":"The access token expired"}}' },
    );
    const tokens = tokenSource();
    const api = createSpotifyWebApi({ baseUrl: spotify.baseUrl }, tokens);
    const artists = await api.topArtists();
    expect(tokens.refreshes).toBe(1);
    expect(artists).toHaveLength(10);
  });

  it('reports a revoked grant when Spotify refuses even the refreshed token', async () => {
    const spotify = await startSpotify(() => ({ status: 401, body: '{"error":{"status":401}}' }));
    const api = createSpotifyWebApi({ baseUrl: spotify.baseUrl }, tokenSource());
    await expect(api.me()).rejects.toBeInstanceOf(SpotifyGrantRevokedError);
  });

  it('fetches artists fifty at a time and leaves out unknown ids', async () => {
    const artist = JSON.parse(captured('find_artist')) as Record<string, unknown>;
    const spotify = await startSpotify((req) => {
      const ids = new URL(req.url ?? '/', 'http://x').searchParams.get('ids')?.split(',') ?? [];
      return {
        status: 200,
        body: JSON.stringify({
          artists: ids.map((id) => (id.startsWith('gone') ? null : { ...artist, id })),
        }),
      };
    });
    const api = createSpotifyWebApi({ baseUrl: spotify.baseUrl }, tokenSource());
    const ids = [...Array.from({ length: 120 }, (_, index) => `artist-${index}`), 'gone-1'];
    const artists = await api.artists(ids);
    expect(spotify.seen).toHaveLength(3);
    expect(artists).toHaveLength(120);
    expect(artists[119]?.id).toBe('artist-119');
  });
});
