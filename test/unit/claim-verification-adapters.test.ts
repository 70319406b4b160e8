// The adapters of claim verification (decision 027) against the real services' addresses and shapes: the Spotify page
// reader on a loopback server standing in for open.spotify.com, and the profile readers with a stubbed fetch, named so
// in each test, because X's, Google's and Facebook's real APIs cannot be reached here.
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../functions/domain/errors';
import type { OAuthConfig } from '../../functions/integrations/oauth';
import { resolveOAuthConfig } from '../../functions/integrations/oauth';
import { createSocialProfileReader } from '../../functions/integrations/social-bios/profile-readers';
import { createSpotifyArtistPageReader } from '../../functions/integrations/social-bios/spotify-artist-page';
import { spotifyPagesBaseOf } from '../../functions/services/claims/verification-ports';

let server: Server;
let origin = '';
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/artist/known1') {
      const state = Buffer.from(JSON.stringify({ biography: 'Bio with openpie_Ab3dE6gH inside' })).toString(
        'base64',
      );
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<html><body><h1>Known</h1><script id="initial-state">${state}</script></body></html>`);
    } else if (req.url === '/artist/broken1') {
      res.writeHead(503).end('down');
    } else {
      res.writeHead(404).end('Page not found');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

describe('the Spotify artist page reader', () => {
  it('reads the artist page, null for an unknown artist, and a 503 for a page that fails', async () => {
    // Prepare
    const reader = createSpotifyArtistPageReader({ baseUrl: origin, timeoutMs: 2_000 });
    // Act
    const known = await reader.readArtistPage('known1');
    const unknown = await reader.readArtistPage('unknown1');
    const broken = await reader.readArtistPage('broken1').catch((error: unknown) => error);
    const malformed = await reader.readArtistPage('../etc');
    // Assess
    expect(known?.url).toBe(`${origin}/artist/known1`);
    expect(known?.texts.some((text) => text.includes('openpie_Ab3dE6gH'))).toBe(true);
    expect(unknown).toBeNull();
    expect(broken).toBeInstanceOf(AppError);
    expect((broken as AppError).code).toBe('social_provider_unavailable');
    expect(malformed).toBeNull();
    expect(seen).not.toContain('/artist/../etc');
  });

  it("reads Spotify's own pages unless Spotify is the local sandbox", () => {
    // Act
    const real = spotifyPagesBaseOf({ credentials: {}, sandboxUrl: undefined });
    const configured = spotifyPagesBaseOf({
      credentials: { spotify: { clientId: 'id', clientSecret: 'secret' } },
      sandboxUrl: 'http://localhost:3000/_sandbox/oauth',
    });
    const sandbox = spotifyPagesBaseOf({
      credentials: {},
      sandboxUrl: 'http://localhost:3000/_sandbox/oauth/',
    });
    // Assess
    expect(real).toBe('https://open.spotify.com');
    expect(configured).toBe('https://open.spotify.com');
    expect(sandbox).toBe('http://localhost:3000/_sandbox/oauth/spotify');
  });
});

function realConfig(): OAuthConfig {
  return resolveOAuthConfig({
    credentials: {
      twitter: { clientId: 'x-id', clientSecret: 'x-secret' },
      google: { clientId: 'g-id', clientSecret: 'g-secret' },
      facebook: { clientId: 'fb-id', clientSecret: 'fb-secret' },
    },
    sandboxUrl: undefined,
    stateSecret: 'state-secret-for-tests-0123456789',
    staffEmailDomain: undefined,
    timeoutMs: 2_000,
    spotifyApiUrl: undefined,
  });
}

function stubFetch(body: unknown) {
  return vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

describe('the profile readers against the real APIs (fetch stubbed: the real APIs are not reachable here)', () => {
  it("asks X for the signed-in user's description with the bearer token", async () => {
    // Prepare
    const fetch = stubFetch({ data: { id: '42', username: 'nina', description: 'Jazz. openpie_Ab3dE6gH' } });
    const reader = createSocialProfileReader(realConfig(), { fetch });
    // Act
    const profiles = await reader.readProfiles('twitter', 'x-token');
    // Assess
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('https://api.x.com/2/users/me?user.fields=description%2Cusername');
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer x-token');
    expect(profiles).toEqual([
      {
        platform: 'twitter',
        profileId: '42',
        handle: '@nina',
        url: 'https://x.com/nina',
        bio: 'Jazz. openpie_Ab3dE6gH',
      },
    ]);
  });

  it("asks YouTube for the account's own channels", async () => {
    // Prepare
    const fetch = stubFetch({
      items: [{ id: 'UC1', snippet: { title: 'Nina', description: 'Channel bio' } }],
    });
    const reader = createSocialProfileReader(realConfig(), { fetch });
    // Act
    const profiles = await reader.readProfiles('youtube', 'g-token');
    // Assess
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      'https://www.googleapis.com/youtube/v3/channels?part=snippet&mine=true',
    );
    expect(profiles).toEqual([
      {
        platform: 'youtube',
        profileId: 'UC1',
        handle: 'Nina',
        url: 'https://www.youtube.com/channel/UC1',
        bio: 'Channel bio',
      },
    ]);
  });

  it("reads the Pages' About for Facebook and their linked Instagram accounts' biography, with appsecret_proof", async () => {
    // Prepare
    const pages = {
      data: [
        {
          id: 'p1',
          name: 'Nina',
          about: 'Page about',
          instagram_business_account: { id: 'ig1', username: 'nina', biography: 'IG bio' },
        },
        { id: 'p2', name: 'Side project' },
      ],
    };
    const facebookFetch = stubFetch(pages);
    const instagramFetch = stubFetch(pages);
    // Act
    const facebook = await createSocialProfileReader(realConfig(), { fetch: facebookFetch }).readProfiles(
      'facebook',
      'fb-token',
    );
    const instagram = await createSocialProfileReader(realConfig(), { fetch: instagramFetch }).readProfiles(
      'instagram',
      'fb-token',
    );
    // Assess
    const asked = new URL(String(facebookFetch.mock.calls[0]?.[0]));
    expect(`${asked.origin}${asked.pathname}`).toBe('https://graph.facebook.com/v23.0/me/accounts');
    expect(asked.searchParams.get('fields')).toBe('id,name,about,link');
    expect(asked.searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(String(instagramFetch.mock.calls[0]?.[0])).searchParams.get('fields')).toBe(
      'id,name,instagram_business_account{id,username,biography}',
    );
    expect(facebook.map(({ profileId, bio }) => ({ profileId, bio }))).toEqual([
      { profileId: 'p1', bio: 'Page about' },
      { profileId: 'p2', bio: '' },
    ]);
    expect(instagram).toEqual([
      {
        platform: 'instagram',
        profileId: 'ig1',
        handle: '@nina',
        url: 'https://www.instagram.com/nina',
        bio: 'IG bio',
      },
    ]);
  });
});
