// The Spotify sandbox's listening calls, reached the way the sync will reach them: a fan signs in with Spotify
// through the sandbox, and the production Web API client reads their listening with the token they got.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SocialIdentity } from '../../functions/integrations/oauth';
import { createSocialSignIn, readStateCookie } from '../../functions/integrations/oauth';
import { loadOAuthConfig } from '../../functions/services/oauth-ports';
import { createSpotifyWebApi } from '../../functions/integrations/spotify/web-api';
import { artistsById } from '../../local/spotify-sandbox/catalogue';
import { answerConsent } from '../support/oauth-consent';
import { useOAuthSandbox } from '../support/oauth-sandbox-server';

const oauthSandbox = useOAuthSandbox();
let origin: string;
let identity: SocialIdentity;

beforeAll(async () => {
  origin = oauthSandbox.origin();
  const signIn = createSocialSignIn(
    loadOAuthConfig({ STAGE: 'local', SITE_ORIGIN: origin, OAUTH_SANDBOX_URL: `${origin}/_sandbox/oauth` }),
  );
  const redirectUri = `${origin}/api/auth/callback/spotify`;
  const started = await signIn.beginSignIn('spotify', {
    redirectUri,
    intent: { kind: 'fan' },
    now: new Date(),
  });
  const answer = await answerConsent(started.authorizeUrl, { decision: 'approve', identity: 'riley' });
  const callback = answer.location ?? new URL(origin);
  identity = await signIn.completeSignIn('spotify', {
    code: callback.searchParams.get('code') ?? undefined,
    state: callback.searchParams.get('state') ?? undefined,
    stateCookie: readStateCookie(started.stateCookie),
    redirectUri,
    now: new Date(),
  });
});

function api() {
  return createSpotifyWebApi(
    { baseUrl: `${origin}/_sandbox/oauth/spotify/api/` },
    {
      accessToken: async () => identity.tokens.accessToken,
      refresh: async () => identity.tokens.accessToken,
    },
  );
}

describe('Spotify sandbox listening calls', () => {
  it('answers recently played with catalogue tracks, newest first, and a cursor for the next sync', async () => {
    // Act
    const plays = await api().recentlyPlayed();
    // Assess
    expect(plays.items.length).toBeGreaterThan(0);
    expect(plays.items.length).toBeLessThanOrEqual(50);
    const times = plays.items.map((item) => Date.parse(item.played_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(
      plays.items.every((item) => item.track.artists.every((artist) => artistsById.has(artist.id))),
    ).toBe(true);
    expect(plays.cursors?.after).toBe(String(times[0]));
    // Nothing new has been played after the newest play
    const after = await api().recentlyPlayed({ after: times[0] });
    expect(after.items).toEqual([]);
  });

  it('answers top artists and tracks, several artists, and an artist top tracks', async () => {
    const [artists, tracks] = await Promise.all([
      api().topArtists({ limit: 10 }),
      api().topTracks({ limit: 5 }),
    ]);
    expect(artists).toHaveLength(10);
    expect(tracks).toHaveLength(5);
    const ids = artists.map((artist) => artist.id);
    expect((await api().artists([...ids, 'nope'])).map((artist) => artist.id)).toEqual(ids);
    expect((await api().artistTopTracks(ids[0] ?? '')).length).toBeGreaterThan(3);
    const image = await fetch(artists[0]?.images?.[0]?.url ?? '');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses calls without a valid token', async () => {
    const reply = await fetch(`${origin}/_sandbox/oauth/spotify/api/v1/me/player/recently-played`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(reply.status).toBe(401);
  });
});
