// A local OAuth 2 / OpenID Connect provider standing in for Spotify, Google, X and Facebook (DESIGN §3), served by the
// local runtime under /_sandbox/oauth/<provider>/ with each provider's own paths, so production code reaches it
// only through a base URL (functions/integrations/oauth/providers.ts). It is strict where the real ones are strict
// (registered client, PKCE S256, single-use short-lived codes, each provider's client authentication), so a flow
// that works here is a flow that works there. This file routes; each endpoint lives with its concern (authorize,
// token, user-info) and Spotify's Web API in ../spotify-sandbox/.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getClock } from '../../functions/runtime/clock';
import { PayloadTooLargeError } from '../api-gateway';
import { createSpotifySandbox } from '../spotify-sandbox/dispatch';
import { decide, showConsent } from './authorize';
import { BioStore, serveBioPage } from './bios';
import type { IsLinked, SandboxCall, SandboxContext } from './call';
import { isAuthorizePath, isTokenPath, methodNotAllowed } from './call';
import { renderIndexPage } from './consent-page';
import { GrantStore } from './grants';
import { buildDiscoveryDocument, buildJwks } from './google-oidc';
import { demoIdentities } from './identities';
import { isSandboxProvider, sandboxProfiles } from './providers';
import type { SandboxReply } from './reply';
import { html, json, send } from './reply';
import { exchangeToken } from './token';
import { readFacebookPages, readYouTubeChannels } from './profiles';
import { readFacebookUser, readGoogleUserInfo, readXUser } from './user-info';

export type { IsLinked } from './call';

export const oauthSandboxPath = '/_sandbox/oauth';

/**
 * The demo fan's Spotify refresh token: fixed, so the connection the seed gives the demo fan keeps working after
 * the sandbox (which keeps its tokens in memory) restarts. Not a secret: it opens only the local sandbox.
 */
export const demoSpotifyRefreshToken = 'sandbox-demo-fan-spotify-refresh-token';
const demoSpotifyScopes = [
  'user-read-recently-played',
  'user-top-read',
  'user-read-email',
  'user-read-private',
];

export interface OAuthSandboxOptions {
  /** Milliseconds since the epoch; the product's clock by default. Tests move it to expire codes and tokens. */
  clock?: () => number;
  /**
   * Whether an OpenPie account has linked this person at this provider, for the consent page's preselection. The
   * local runtime asks the table; without it, the sandbox goes by whom it has granted a code since it started.
   */
  isLinked?: IsLinked;
}

export interface OAuthSandbox {
  /** Answers a request whose path starts with /_sandbox/oauth/. `url` carries the origin the sandbox is served at. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

export function createOAuthSandbox(options: OAuthSandboxOptions = {}): OAuthSandbox {
  const clock = options.clock ?? (() => getClock().now().getTime());
  const grants = new GrantStore(clock);
  const context: SandboxContext = {
    grants,
    bios: new BioStore(),
    clock,
    isLinked: options.isLinked ?? (async (provider, person) => grants.hasApproved(provider, person.email)),
  };
  keepDemoFanSpotifyGrant(grants);
  const spotify = createSpotifySandbox(context);

  async function route(call: SandboxCall): Promise<SandboxReply> {
    const { provider, path, method } = call;
    if (isAuthorizePath(provider, path)) {
      if (method === 'GET') return showConsent(context, call);
      if (method === 'POST') return decide(context, call);
      return methodNotAllowed();
    }
    if (isTokenPath(provider, path)) {
      if (method === 'POST' || (method === 'GET' && provider === 'facebook'))
        return exchangeToken(context, call);
      return methodNotAllowed();
    }
    if (provider === 'spotify') return spotify.serve(call);
    if (method !== 'GET') return methodNotAllowed();
    switch (provider) {
      case 'google':
        if (path === 'youtube/v3/channels') return readYouTubeChannels(context, call);
        if (path === '.well-known/openid-configuration') return json(200, buildDiscoveryDocument(call.base));
        if (path === 'oauth2/v3/certs')
          return json(200, await buildJwks(), { 'cache-control': 'public, max-age=300' });
        if (path === 'v1/userinfo') return readGoogleUserInfo(context, call);
        break;
      case 'twitter':
        if (path === '2/users/me') return readXUser(context, call);
        break;
      case 'facebook':
        if (/^v\d+\.\d+\/me$/.test(path)) return readFacebookUser(context, call);
        if (/^v\d+\.\d+\/me\/accounts$/.test(path)) return readFacebookPages(context, call);
        break;
    }
    return json(404, {
      error: 'not_found',
      error_description: `The sandbox has no ${provider} endpoint ${path}`,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rest = url.pathname.slice(oauthSandboxPath.length).replace(/^\/+/, '');
    if (rest === '') return send(res, html(200, renderIndexPage(`${url.origin}${oauthSandboxPath}`)));
    const [provider = '', ...segments] = rest.split('/');
    if (provider === 'bios' && segments.length === 0) {
      try {
        return send(res, await serveBioPage(context.bios, req, url));
      } catch (error) {
        if (error instanceof PayloadTooLargeError)
          return send(res, json(413, { error: 'request_too_large' }));
        throw error;
      }
    }
    if (!isSandboxProvider(provider)) {
      return send(
        res,
        json(404, { error: 'not_found', error_description: `The sandbox has no provider ${provider}` }),
      );
    }
    const call: SandboxCall = {
      req,
      url,
      method: (req.method ?? 'GET').toUpperCase(),
      provider,
      profile: sandboxProfiles[provider],
      base: `${url.origin}${oauthSandboxPath}/${provider}`,
      path: segments.join('/'),
    };
    try {
      send(res, await route(call));
    } catch (error) {
      if (error instanceof PayloadTooLargeError) return send(res, json(413, { error: 'request_too_large' }));
      throw error;
    }
  }

  return { handle };
}

/** The seeded demo fan's Spotify connection holds this refresh token; the sandbox accepts it from the start. */
function keepDemoFanSpotifyGrant(grants: GrantStore): void {
  const demoFan = demoIdentities.find((identity) => identity.key === 'demo-fan');
  if (!demoFan) return;
  grants.keepRefreshToken(demoSpotifyRefreshToken, {
    provider: 'spotify',
    clientId: sandboxProfiles.spotify.client.id,
    person: { email: demoFan.email, name: demoFan.name },
    scopes: demoSpotifyScopes,
    nonce: undefined,
    accessType: undefined,
  });
}

let shared: OAuthSandbox | undefined;

/**
 * The local runtime's sandbox (one per process), mounted at /_sandbox/oauth/ by local/app.ts. `isLinked` is read
 * when the first request creates it.
 */
export function serveOAuthSandbox(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  isLinked?: IsLinked,
): Promise<void> {
  shared ??= createOAuthSandbox(isLinked ? { isLinked } : {});
  return shared.handle(req, res, url);
}
