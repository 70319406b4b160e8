// The Spotify sandbox's Web API behind the OAuth sandbox's Spotify root (/_sandbox/oauth/spotify/): token checks,
// then GET /v1/me or a listening call; artist images; and the test switches under _control/. Tokens are the ones the
// OAuth sandbox issued, as Spotify's Web API accepts those of its accounts service.
import { z } from 'zod';
import { readRequestBody } from '../api-gateway';
import type { SandboxCall, SandboxContext } from '../oauth-sandbox/call';
import { formLimitBytes, methodNotAllowed } from '../oauth-sandbox/call';
import { spotifyAccountIdOf } from '../oauth-sandbox/identities';
import type { SandboxReply } from '../oauth-sandbox/reply';
import { html, json } from '../oauth-sandbox/reply';
import { renderSpotifyArtistPage } from '../oauth-sandbox/bios';
import { artistsById } from './catalogue';
import { bearerGrant } from '../oauth-sandbox/user-info';
import { spotifyApiRoutes, spotifyError } from './current-user';
import type { ScriptedPlay } from './web-api';
import {
  isSpotifyCataloguePath,
  isSpotifyListeningPath,
  serveArtistImage,
  serveListeningCall,
} from './web-api';

export interface SpotifySandbox {
  /** Answers a call below the Spotify root that is not OAuth's (authorize and token are the OAuth sandbox's). */
  serve(call: SandboxCall): Promise<SandboxReply> | SandboxReply;
}

/** The body of `_control/plays`: the listener's plays, each ending at `playedAt`. */
const scriptedPlaysSchema = z.object({
  plays: z
    .array(
      z.object({
        playedAt: z.iso.datetime(),
        track: z.object({
          id: z.string().regex(/^[A-Za-z0-9]{1,64}$/),
          name: z.string().min(1).max(200),
          durationMs: z.number().int().positive(),
          artists: z
            .array(
              z.object({ id: z.string().regex(/^[A-Za-z0-9]{1,64}$/), name: z.string().min(1).max(200) }),
            )
            .min(1),
        }),
      }),
    )
    .max(500),
});

export function createSpotifySandbox(context: SandboxContext): SpotifySandbox {
  /** Test switches: how many more Web API calls of a listener answer 429, and the Retry-After they carry. */
  const rateLimits = new Map<string, { times: number; retryAfterSeconds: number }>();
  /** Test switch: listeners whose whole history a test scripted, newest first. */
  const scriptedPlays = new Map<string, ScriptedPlay[]>();

  async function serveApi(call: SandboxCall): Promise<SandboxReply> {
    const path = `/${call.path.slice('api/'.length)}`;
    const handler = spotifyApiRoutes[`${call.method} ${path}`];
    const isListeningCall = !handler && isSpotifyListeningPath(path);
    if (!handler && !isListeningCall) return spotifyError(404, 'Service not found');
    const grant = bearerGrant(context, call);
    if (grant === 'unknown') return spotifyError(401, 'Invalid access token');
    if (grant === 'expired') return spotifyError(401, 'The access token expired');
    if (grant.appOnly && !isSpotifyCataloguePath(path)) {
      return spotifyError(403, "This call needs a listener's authorization, not an app token");
    }
    if (handler) return handler({ grant, url: call.url, nowMs: context.clock() });
    const listenerId = spotifyAccountIdOf(grant.person.email);
    const limited = rateLimits.get(listenerId);
    if (limited && limited.times > 0) {
      limited.times -= 1;
      return json(
        429,
        { error: { status: 429, message: 'API rate limit exceeded' } },
        { 'retry-after': String(limited.retryAfterSeconds) },
      );
    }
    const reply = serveListeningCall(call.method, path, {
      listenerId,
      url: call.url,
      nowMs: context.clock(),
      imagesBase: `${call.base}/images`,
      ...(scriptedPlays.has(listenerId) ? { scriptedPlays: scriptedPlays.get(listenerId) } : {}),
    });
    return reply ? json(reply.status, reply.body) : spotifyError(404, 'Service not found');
  }

  /**
   * Switches for tests only, not part of Spotify: `POST _control/rate-limit?listener=<account id>&times=1&retryAfter=1`
   * makes that listener's next listening calls answer 429 with Retry-After; `POST _control/revoke?listener=<id>`
   * revokes every token of the listener, as removing the app in Spotify's account page does; `POST _control/plays`
   * with `{ plays: [{ playedAt, track: { id, name, durationMs, artists: [{ id, name }] } }] }` makes those plays the
   * listener's whole history (a test syncing the tracks of a real export).
   */
  async function control(call: SandboxCall): Promise<SandboxReply> {
    if (call.method !== 'POST') return methodNotAllowed();
    const listener = call.url.searchParams.get('listener') ?? '';
    if (!/^[A-Za-z0-9]{1,64}$/.test(listener)) return json(400, { error: 'listener is required' });
    if (call.path === '_control/rate-limit') {
      const times = Number(call.url.searchParams.get('times') ?? '1');
      const retryAfterSeconds = Number(call.url.searchParams.get('retryAfter') ?? '1');
      if (
        !Number.isInteger(times) ||
        times < 0 ||
        !Number.isInteger(retryAfterSeconds) ||
        retryAfterSeconds < 0
      )
        return json(400, { error: 'times and retryAfter are whole numbers' });
      rateLimits.set(listener, { times, retryAfterSeconds });
      return json(200, { listener, times, retryAfterSeconds });
    }
    if (call.path === '_control/plays') {
      let body: unknown;
      try {
        body = JSON.parse((await readRequestBody(call.req, formLimitBytes)).toString('utf8'));
      } catch {
        return json(400, { error: 'the body is not JSON' });
      }
      const parsed = scriptedPlaysSchema.safeParse(body);
      if (!parsed.success) return json(400, { error: 'plays: [{ playedAt, track }] is required' });
      const plays = parsed.data.plays
        .map((play) => ({ playedAt: Date.parse(play.playedAt), track: play.track }))
        .sort((a, b) => b.playedAt - a.playedAt);
      scriptedPlays.set(listener, plays);
      return json(200, { listener, plays: plays.length });
    }
    if (call.path === '_control/revoke') {
      const revoked = context.grants.revokeWhere(
        'spotify',
        (grant) => spotifyAccountIdOf(grant.person.email) === listener,
      );
      return json(200, { listener, revoked });
    }
    return json(404, { error: 'not_found' });
  }

  function serveImage(call: SandboxCall): SandboxReply {
    const svg = serveArtistImage(call.path.slice('images/'.length));
    if (!svg) return json(404, { error: { status: 404, message: 'No such image' } });
    return {
      status: 200,
      body: svg,
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
    };
  }

  /**
   * The public artist page (open.spotify.com/artist/<id>) the Spotify bio check reads (decision 027): a catalogue
   * artist, or any id someone set a bio for on /_sandbox/oauth/bios (tests use artists of their own).
   */
  function serveArtistPage(call: SandboxCall): SandboxReply {
    const id = call.path.slice('artist/'.length);
    const bio = context.bios.spotifyBio(id);
    const artist =
      artistsById.get(id) ?? (bio === undefined ? undefined : { id, name: `Sandbox artist ${id}` });
    if (!/^[A-Za-z0-9]{1,64}$/.test(id) || !artist) {
      return html(
        404,
        '<!doctype html><html lang="en"><title>Page not found</title><h1>Page not found</h1></html>',
      );
    }
    return html(200, renderSpotifyArtistPage(artist, bio ?? ''));
  }

  return {
    serve(call) {
      if (call.path.startsWith('_control/')) return control(call);
      if (call.method !== 'GET') return methodNotAllowed();
      if (call.path.startsWith('api/')) return serveApi(call);
      if (call.path.startsWith('images/')) return serveImage(call);
      if (call.path.startsWith('artist/')) return serveArtistPage(call);
      return json(404, {
        error: 'not_found',
        error_description: `The sandbox has no spotify endpoint ${call.path}`,
      });
    },
  };
}
