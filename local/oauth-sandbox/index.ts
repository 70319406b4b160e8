// A local OAuth 2 / OpenID Connect provider standing in for Spotify, Google, X and Facebook (DESIGN §3), served by the
// local runtime under /_sandbox/oauth/<provider>/ with each provider's own paths, so production code reaches it
// only through a base URL (functions/integrations/oauth/providers.ts). It is strict where the real ones are strict
// (registered client, PKCE S256, single-use short-lived codes, each provider's client authentication), so a flow
// that works here is a flow that works there.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PayloadTooLargeError, readRequestBody } from '../api-gateway';
import { renderConsentPage, renderProblemPage, escapeHtml } from './consent-page';
import type { AccessTokenRecord, CodeRecord, Grant } from './grants';
import { GrantStore } from './grants';
import { buildDiscoveryDocument, buildJwks, buildUserClaims, signIdToken } from './google-oidc';
import type { SandboxPerson } from './identities';
import {
  demoIdentities,
  facebookUserIdOf,
  nameFromEmail,
  spotifyAccountIdOf,
  xUserIdOf,
  xUsernameOf,
} from './identities';
import type { ClientAuthMethod, SandboxProvider, SandboxProviderProfile } from './providers';
import { isSandboxProvider, sandboxProfiles, sandboxProviders } from './providers';
import type { SandboxReply } from './reply';
import { html, json, redirectTo, send } from './reply';
import {
  isSpotifyCataloguePath,
  isSpotifyListeningPath,
  serveArtistImage,
  serveListeningCall,
} from '../spotify-sandbox/web-api';
import { spotifyApiRoutes, spotifyError } from './spotify-api';

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
  /** Milliseconds since the epoch; tests move it to expire codes and tokens. */
  clock?: () => number;
}

export interface OAuthSandbox {
  /** Answers a request whose path starts with /_sandbox/oauth/. `url` carries the origin the sandbox is served at. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}

interface Call {
  req: IncomingMessage;
  url: URL;
  method: string;
  provider: SandboxProvider;
  profile: SandboxProviderProfile;
  /** This provider's root on the sandbox, e.g. http://localhost:3000/_sandbox/oauth/google (Google's issuer). */
  base: string;
  /** The path below that root, without a leading slash. */
  path: string;
}

const formLimitBytes = 64 * 1024;

export function createOAuthSandbox(options: OAuthSandboxOptions = {}): OAuthSandbox {
  const clock = options.clock ?? Date.now;
  const grants = new GrantStore(clock);
  const demoFan = demoIdentities.find((identity) => identity.key === 'demo-fan');
  if (demoFan) {
    grants.keepRefreshToken(demoSpotifyRefreshToken, {
      provider: 'spotify',
      clientId: sandboxProfiles.spotify.client.id,
      person: { email: demoFan.email, name: demoFan.name },
      scopes: demoSpotifyScopes,
      nonce: undefined,
      accessType: undefined,
    });
  }
  /** Test switches: how many more Web API calls of a listener answer 429, and the Retry-After they carry. */
  const rateLimits = new Map<string, { times: number; retryAfterSeconds: number }>();

  async function route(call: Call): Promise<SandboxReply> {
    const { provider, path, method } = call;
    if (isAuthorizePath(provider, path)) {
      if (method === 'GET') return showConsent(call);
      if (method === 'POST') return decide(call);
      return methodNotAllowed();
    }
    if (isTokenPath(provider, path)) {
      if (method === 'POST' || (method === 'GET' && provider === 'facebook')) return exchangeToken(call);
      return methodNotAllowed();
    }
    if (provider === 'spotify' && path.startsWith('_control/')) return control(call);
    if (method !== 'GET') return methodNotAllowed();
    switch (provider) {
      case 'spotify':
        if (path.startsWith('api/')) return serveSpotifyApi(call);
        if (path.startsWith('images/')) return serveSpotifyImage(call);
        break;
      case 'google':
        if (path === '.well-known/openid-configuration') return json(200, buildDiscoveryDocument(call.base));
        if (path === 'oauth2/v3/certs')
          return json(200, await buildJwks(), { 'cache-control': 'public, max-age=300' });
        if (path === 'v1/userinfo') return readGoogleUserInfo(call);
        break;
      case 'twitter':
        if (path === '2/users/me') return readXUser(call);
        break;
      case 'facebook':
        if (/^v\d+\.\d+\/me$/.test(path)) return readFacebookUser(call);
        break;
    }
    return json(404, {
      error: 'not_found',
      error_description: `The sandbox has no ${provider} endpoint ${path}`,
    });
  }

  // ——— Authorization endpoint ———

  function showConsent(call: Call): SandboxReply {
    const params = call.url.searchParams;
    const clientId = params.get('client_id');
    if (clientId !== call.profile.client.id) {
      return html(
        400,
        renderProblemPage(
          'Unknown client',
          `${call.profile.label} (sandbox) has no app with client id "${clientId ?? ''}".`,
        ),
      );
    }
    const redirectUri = params.get('redirect_uri');
    if (!redirectUri || !isLoopbackUrl(redirectUri)) {
      return html(
        400,
        renderProblemPage(
          'Redirect URI refused',
          'The sandbox only sends people back to http(s) URLs on this machine.',
        ),
      );
    }
    const state = params.get('state') ?? undefined;
    const refuse = (error: string, description: string) =>
      redirectTo(withParams(redirectUri, { error, error_description: description, state }));
    if (params.get('response_type') !== 'code') {
      return refuse('unsupported_response_type', 'Only the authorization code flow is supported.');
    }
    const codeChallenge = params.get('code_challenge');
    if (
      params.get('code_challenge_method') !== 'S256' ||
      !codeChallenge ||
      !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)
    ) {
      return refuse(
        'invalid_request',
        'The sandbox requires PKCE: code_challenge with code_challenge_method=S256.',
      );
    }
    const scopes = (params.get('scope') ?? '')
      .split(call.profile.scopeSeparator)
      .filter((scope) => scope.length > 0);
    const unknown = scopes.filter((scope) => !call.profile.knownScopes.includes(scope));
    if (scopes.length === 0 || unknown.length > 0) {
      return refuse('invalid_scope', `Unknown or missing scope: ${unknown.join(' ') || '(none)'}`);
    }
    const request = grants.saveRequest({
      provider: call.provider,
      clientId,
      redirectUri,
      state,
      scopes,
      codeChallenge,
      nonce: params.get('nonce') ?? undefined,
      accessType: params.get('access_type') ?? undefined,
    });
    return html(200, renderConsentPage({ profile: call.profile, request, action: call.url.pathname }));
  }

  async function decide(call: Call): Promise<SandboxReply> {
    const form = new URLSearchParams((await readRequestBody(call.req, formLimitBytes)).toString('utf8'));
    const request = grants.findRequest(form.get('request') ?? '', call.provider);
    if (!request) {
      return html(
        400,
        renderProblemPage(
          'Sign-in expired',
          'This sign-in request has expired or was already answered. Go back to OpenPie and start again.',
        ),
      );
    }
    const decision = form.get('decision');
    if (decision === 'cancel') {
      grants.closeRequest(request.id);
      // What each provider sends when the person declines; Facebook adds its own reason fields.
      const extra =
        call.provider === 'facebook'
          ? { error_reason: 'user_denied', error_description: 'Permissions error' }
          : {};
      return redirectTo(
        withParams(request.redirectUri, { error: 'access_denied', ...extra, state: request.state }),
      );
    }
    if (decision !== 'approve')
      return html(400, renderProblemPage('Unknown choice', 'Choose Approve or Cancel.'));

    const chosen = form.get('identity') ?? '';
    const person = choosePerson(chosen, form.get('email'), form.get('name'));
    if (typeof person === 'string') {
      return html(
        422,
        renderConsentPage({
          profile: call.profile,
          request,
          action: call.url.pathname,
          chosen,
          email: form.get('email') ?? '',
          name: form.get('name') ?? '',
          error: person,
        }),
      );
    }
    grants.closeRequest(request.id);
    const code = grants.issueCode(request, person);
    return redirectTo(withParams(request.redirectUri, { code, state: request.state }));
  }

  // ——— Token endpoint ———

  async function exchangeToken(call: Call): Promise<SandboxReply> {
    const isForm = (call.req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    if (call.method === 'POST' && !isForm) {
      return tokenError(
        call,
        400,
        'invalid_request',
        'The token endpoint takes application/x-www-form-urlencoded.',
      );
    }
    const params =
      call.method === 'POST'
        ? new URLSearchParams((await readRequestBody(call.req, formLimitBytes)).toString('utf8'))
        : call.url.searchParams;

    const client = authenticateClient(call, params);
    if (typeof client === 'string') return tokenError(call, 401, 'invalid_client', client);

    const grantType =
      params.get('grant_type') ?? (call.provider === 'facebook' ? 'authorization_code' : null);
    if (grantType === 'authorization_code') return redeemCode(call, params);
    if (grantType === 'refresh_token') return refresh(call, params);
    if (grantType === 'client_credentials' && call.provider === 'spotify') return issueAppToken(call);
    return tokenError(
      call,
      400,
      'unsupported_grant_type',
      `grant_type ${grantType ?? '(none)'} is not supported.`,
    );
  }

  /** The client must authenticate the way this provider expects; anything else is invalid_client. */
  function authenticateClient(call: Call, params: URLSearchParams): true | string {
    const basic = parseBasic(call.req.headers.authorization);
    let method: ClientAuthMethod | undefined;
    let presented: { id: string | null; secret: string | null } = { id: null, secret: null };
    if (basic) {
      method = 'basic';
      presented = basic;
    } else if (params.has('client_secret')) {
      method = call.method === 'GET' ? 'query' : 'post';
      presented = { id: params.get('client_id'), secret: params.get('client_secret') };
    }
    if (!method || !call.profile.clientAuth.includes(method)) {
      return `${call.profile.label} expects client authentication by ${call.profile.clientAuth.join(' or ')}.`;
    }
    if (params.has('client_id') && params.get('client_id') !== presented.id)
      return 'client_id does not match the credentials.';
    if (
      !safeEqual(presented.id, call.profile.client.id) ||
      !safeEqual(presented.secret, call.profile.client.secret)
    ) {
      return 'Invalid client credentials.';
    }
    return true;
  }

  async function redeemCode(call: Call, params: URLSearchParams): Promise<SandboxReply> {
    const record = grants.redeemCode(params.get('code') ?? '', call.provider);
    if (record === 'unknown') return tokenError(call, 400, 'invalid_grant', 'Invalid authorization code.');
    if (record === 'replayed')
      return tokenError(
        call,
        400,
        'invalid_grant',
        'Authorization code already used; its tokens are revoked.',
      );
    if (record === 'expired') return tokenError(call, 400, 'invalid_grant', 'Authorization code expired.');
    if (record.redirectUri !== params.get('redirect_uri')) {
      return tokenError(call, 400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    const verifier = params.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || s256(verifier) !== record.codeChallenge) {
      return tokenError(call, 400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
    }
    return issueTokens(call, record, { code: record });
  }

  async function refresh(call: Call, params: URLSearchParams): Promise<SandboxReply> {
    const token = params.get('refresh_token') ?? '';
    const grant = grants.findRefreshToken(token, call.provider);
    if (!grant) return tokenError(call, 400, 'invalid_grant', 'Invalid refresh token.');
    if (call.profile.rotatesRefreshToken) grants.revoke(token);
    return issueTokens(call, grant, { refresh: true });
  }

  /** Spotify's client credentials flow: an app token, no refresh token, no scopes, no listener. */
  function issueAppToken(call: Call): SandboxReply {
    const grant: Grant = {
      provider: call.provider,
      clientId: call.profile.client.id,
      person: { email: '', name: call.profile.client.id },
      scopes: [],
      nonce: undefined,
      accessType: undefined,
      appOnly: true,
    };
    return json(
      200,
      {
        access_token: grants.issueAccessToken(grant, call.profile.accessTokenSeconds),
        token_type: 'bearer',
        expires_in: call.profile.accessTokenSeconds,
      },
      { pragma: 'no-cache' },
    );
  }

  /** Tokens for a grant: from a code (refresh token where the provider issues one) or from a refresh. */
  async function issueTokens(
    call: Call,
    grant: Grant,
    from: { code: CodeRecord } | { refresh: true },
  ): Promise<SandboxReply> {
    const { profile } = call;
    const code = 'code' in from ? from.code : undefined;
    const reply: Record<string, unknown> = {
      access_token: grants.issueAccessToken(grant, profile.accessTokenSeconds, code),
      token_type: profile.tokenType,
      expires_in: profile.accessTokenSeconds,
    };
    if (call.provider !== 'facebook') reply.scope = grant.scopes.join(' ');
    const newRefreshToken = code
      ? profile.issuesRefreshToken(grant.scopes, grant.accessType)
      : profile.rotatesRefreshToken;
    if (newRefreshToken) reply.refresh_token = grants.issueRefreshToken(grant, code);
    if (call.provider === 'google' && code && grant.scopes.includes('openid')) {
      reply.id_token = await signIdToken(grant, call.base, clock());
    }
    return json(200, reply, { pragma: 'no-cache' });
  }

  function tokenError(call: Call, status: number, error: string, description: string): SandboxReply {
    if (call.provider === 'facebook') {
      return json(400, {
        error: { message: description, type: 'OAuthException', code: 100, fbtrace_id: 'sandbox' },
      });
    }
    return json(
      status,
      { error, error_description: description },
      status === 401 ? { 'www-authenticate': 'Basic realm="sandbox"' } : {},
    );
  }

  // ——— User information ———

  function bearerGrant(call: Call): AccessTokenRecord | 'unknown' | 'expired' {
    const header = call.req.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_-]+)$/i.exec(header);
    const token =
      match?.[1] ?? (call.provider === 'facebook' ? call.url.searchParams.get('access_token') : null);
    return token ? grants.findAccessToken(token, call.provider) : 'unknown';
  }

  async function serveSpotifyApi(call: Call): Promise<SandboxReply> {
    const path = `/${call.path.slice('api/'.length)}`;
    const handler = spotifyApiRoutes[`${call.method} ${path}`];
    const isListeningCall = !handler && isSpotifyListeningPath(path);
    if (!handler && !isListeningCall) return spotifyError(404, 'Service not found');
    const grant = bearerGrant(call);
    if (grant === 'unknown') return spotifyError(401, 'Invalid access token');
    if (grant === 'expired') return spotifyError(401, 'The access token expired');
    if (grant.appOnly && !isSpotifyCataloguePath(path)) {
      return spotifyError(403, "This call needs a listener's authorization, not an app token");
    }
    if (handler) return handler({ grant, url: call.url, nowMs: clock() });
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
      nowMs: clock(),
      imagesBase: `${call.base}/images`,
    });
    return reply ? json(reply.status, reply.body) : spotifyError(404, 'Service not found');
  }

  /**
   * Switches for tests only, not part of Spotify: `POST _control/rate-limit?listener=<account id>&times=1&retryAfter=1`
   * makes that listener's next listening calls answer 429 with Retry-After; `POST _control/revoke?listener=<id>`
   * revokes every token of the listener, as removing the app in Spotify's account page does.
   */
  function control(call: Call): SandboxReply {
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
    if (call.path === '_control/revoke') {
      const revoked = grants.revokeWhere(
        'spotify',
        (grant) => spotifyAccountIdOf(grant.person.email) === listener,
      );
      return json(200, { listener, revoked });
    }
    return json(404, { error: 'not_found' });
  }

  function serveSpotifyImage(call: Call): SandboxReply {
    const svg = serveArtistImage(call.path.slice('images/'.length));
    if (!svg) return json(404, { error: { status: 404, message: 'No such image' } });
    return {
      status: 200,
      body: svg,
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
    };
  }

  function readGoogleUserInfo(call: Call): SandboxReply {
    const grant = bearerGrant(call);
    if (typeof grant === 'string') {
      return json(
        401,
        {
          error: 'invalid_token',
          error_description: `Access token ${grant === 'expired' ? 'expired' : 'invalid'}`,
        },
        {
          'www-authenticate': 'Bearer error="invalid_token"',
        },
      );
    }
    return json(200, buildUserClaims(grant));
  }

  function readXUser(call: Call): SandboxReply {
    const grant = bearerGrant(call);
    if (typeof grant === 'string') {
      return json(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' });
    }
    if (!grant.scopes.includes('users.read') || !grant.scopes.includes('tweet.read')) {
      return json(403, {
        title: 'Forbidden',
        type: 'about:blank',
        status: 403,
        detail: 'Missing scope users.read or tweet.read',
      });
    }
    const { email, name } = grant.person;
    return json(200, { data: { id: xUserIdOf(email), name, username: xUsernameOf(email) } });
  }

  function readFacebookUser(call: Call): SandboxReply {
    const graphError = (message: string, code: number, type = 'OAuthException') =>
      json(400, { error: { message, type, code, fbtrace_id: 'sandbox' } });
    const grant = bearerGrant(call);
    if (grant === 'unknown') return graphError('Invalid OAuth access token - Cannot parse access token', 190);
    if (grant === 'expired') return graphError('Error validating access token: Session has expired.', 190);
    // The sandbox app has "Require App Secret" on: server calls prove they know the secret.
    const token =
      call.url.searchParams.get('access_token') ??
      call.req.headers.authorization?.replace(/^Bearer /i, '') ??
      '';
    const proof = call.url.searchParams.get('appsecret_proof');
    if (!proof)
      return graphError(
        'API calls from the server require an appsecret_proof argument',
        100,
        'GraphMethodException',
      );
    const expected = createHmac('sha256', call.profile.client.secret).update(token).digest('hex');
    if (!safeEqual(proof, expected))
      return graphError('Invalid appsecret_proof provided in the API argument', 100, 'GraphMethodException');

    const fields = (call.url.searchParams.get('fields') ?? 'id,name').split(',').map((field) => field.trim());
    const user: Record<string, string> = { id: facebookUserIdOf(grant.person.email) };
    if (fields.includes('name')) user.name = grant.person.name;
    if (fields.includes('email') && grant.scopes.includes('email')) user.email = grant.person.email;
    return json(200, user);
  }

  // ——— Plumbing ———

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const rest = url.pathname.slice(oauthSandboxPath.length).replace(/^\/+/, '');
    if (rest === '') return send(res, html(200, renderIndexPage(`${url.origin}${oauthSandboxPath}`)));
    const [provider = '', ...segments] = rest.split('/');
    if (!isSandboxProvider(provider)) {
      return send(
        res,
        json(404, { error: 'not_found', error_description: `The sandbox has no provider ${provider}` }),
      );
    }
    const call: Call = {
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

let shared: OAuthSandbox | undefined;

/** The local runtime's sandbox (one per process), mounted at /_sandbox/oauth/ by local/app.ts. */
export function serveOAuthSandbox(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  shared ??= createOAuthSandbox();
  return shared.handle(req, res, url);
}

function isAuthorizePath(provider: SandboxProvider, path: string): boolean {
  switch (provider) {
    case 'spotify':
      return path === 'accounts/authorize';
    case 'google':
      return path === 'o/oauth2/v2/auth';
    case 'twitter':
      return path === 'i/oauth2/authorize';
    case 'facebook':
      return /^v\d+\.\d+\/dialog\/oauth$/.test(path);
  }
}

function isTokenPath(provider: SandboxProvider, path: string): boolean {
  switch (provider) {
    case 'spotify':
      return path === 'accounts/api/token';
    case 'google':
      return path === 'token';
    case 'twitter':
      return path === '2/oauth2/token';
    case 'facebook':
      return /^v\d+\.\d+\/oauth\/access_token$/.test(path);
  }
}

/** A demo identity, or the custom e-mail typed on the page; a string is the message to show instead. */
function choosePerson(chosen: string, email: string | null, name: string | null): SandboxPerson | string {
  const demo = demoIdentities.find((identity) => identity.key === chosen);
  if (demo) return { email: demo.email, name: demo.name };
  if (chosen !== 'custom') return 'Choose who to continue as.';
  const address = (email ?? '').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) || address.length > 254) {
    return 'Enter an e-mail address like name@example.com.';
  }
  const chosenName = (name ?? '').trim().slice(0, 100);
  return { email: address, name: chosenName || nameFromEmail(address) };
}

function isLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const unescape = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  try {
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

function safeEqual(a: string | null, b: string): boolean {
  if (a === null) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function methodNotAllowed(): SandboxReply {
  return json(405, { error: 'method_not_allowed' });
}

function renderIndexPage(root: string): string {
  const rows = sandboxProviders
    .map(
      (provider) =>
        `<li>${escapeHtml(sandboxProfiles[provider].label)}: <code>${escapeHtml(`${root}/${provider}/`)}</code></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OpenPie local OAuth sandbox</title></head>
<body><main><h1>OpenPie local OAuth sandbox</h1><p>Stands in for the real sign-in providers while OpenPie runs locally.</p>
<ul>${rows}</ul><p>Google discovery: <code>${escapeHtml(`${root}/google/.well-known/openid-configuration`)}</code></p></main></body></html>`;
}
