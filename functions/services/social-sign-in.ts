// Social sign-in as the fan, artist and staff auth handlers use it: send the browser to the provider, take it back at
// our callback, and decide what the identity means here (sign in, create, connect), ending in the same sessions as a
// password login. The OAuth protocol itself is integrations/oauth; the rules are docs/decisions/006-social-sign-in.md.
//
// Browser routes never answer with a JSON error page: every failure sends the browser back to an SPA page with
// `socialError=<provider>` (and a `socialReason`), where SPEC §8's text is shown.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import type { AdminLoginReply, ArtistUser, FanUser } from '../contracts/auth';
import { captchaActions } from '../contracts/auth';
import type { ConnectionRecord } from '../data/accounts';
import {
  deleteConnection,
  findAccountByConnection,
  findAccountByEmail,
  getAccount,
  listConnections,
  saveConnection,
} from '../data/accounts';
import { spotifySyncIndexAttributes } from '../data/spotify-sync';
import { AppError } from '../domain/errors';
import type { Account } from '../domain/identity/account';
import { isActiveAccount } from '../domain/identity/account';
import { getTokenCipher } from '../integrations/crypto/token-cipher';
import type { SignInIntent, SocialIdentity, SocialProvider, SocialSignIn } from '../integrations/oauth';
import {
  assertStaffIdentity,
  buildClearedStateCookie,
  getSocialSignIn,
  loadOAuthConfig,
  providerLabels,
  readStateCookie,
  SocialProviderNotConfigured,
  SocialProviderUnavailable,
  SocialSignInCancelled,
  SocialSignInStateInvalid,
  socialProviders,
} from '../integrations/oauth';
import { openState } from '../integrations/oauth/state-cookie';
import { toArtistUser, toFanUser, toStaffProfile } from '../handlers/lib/account-replies';
import { getAppSecret } from '../runtime/app-secret';
import { getEnv } from '../runtime/env';
import type { Reply } from '../handlers/lib/http';
import { HttpError, ok, redirect } from '../handlers/lib/http';
import { getHumanCheck } from './human-check';
import type { FlowContext } from './identity';
import {
  createAccountFromProviderProfile,
  findOrCreateAccountByVerifiedEmail,
  requireAccount,
} from './identity';
import { findClientAddress } from './rate-limit';
import { findSession, startSession } from './sessions';
import { getTable } from '../runtime/table';

// ── what the browser routes read ────────────────────────────────────────────────────────────────────────────────

/** Lenient: a browser route shows no validation errors, so anything unexpected is simply ignored. */
function lenient<S extends z.ZodMiniType>(schema: S) {
  return z.catch(z.optional(schema), undefined);
}
const queryText = z.string().check(z.minLength(1), z.maxLength(4096));

/** GET /api/auth/login<Provider> (SPEC §7): deviceType (not for Google), recaptchaToken, promo=try. */
export const fanSignInQuerySchema = z.object({
  deviceType: lenient(z.enum(['mobile', 'desktop'])),
  recaptchaToken: lenient(queryText),
  promo: lenient(z.literal('try')),
  /** Spotify connected from the dashboard comes back there; anything else goes to the usual page. */
  returnTo: lenient(z.literal('dashboard')),
});
export type FanSignInQuery = z.infer<typeof fanSignInQuerySchema>;

/** What a provider sends back to GET /api/auth/callback/{provider}. */
export const providerCallbackQuerySchema = z.object({
  code: lenient(queryText),
  state: lenient(queryText),
  error: lenient(queryText),
  error_description: lenient(queryText),
});
export type ProviderCallbackQuery = z.infer<typeof providerCallbackQuerySchema>;

/** POST /api/admin/auth/google/callback: what the SPA page /admin/auth/google/callback found in its query. */
export const staffCallbackSchema = z.object({
  code: z.optional(z.string().check(z.maxLength(4096))),
  state: z.optional(z.string().check(z.maxLength(4096))),
  error: z.optional(z.string().check(z.maxLength(200))),
});
export type StaffCallbackPayload = z.infer<typeof staffCallbackSchema>;

export const callbackParamsSchema = z.object({ provider: z.string().check(z.maxLength(64)) });

/** The `{provider}` of a callback path; anything else is no route of ours (404, never reached by a flow). */
export function parseCallbackProvider(value: string | undefined): SocialProvider {
  const found = socialProviders.find((provider) => provider === value);
  if (!found) throw new HttpError(404, 'not_found', 'There is no sign-in callback for this provider.');
  return found;
}

// ── the query contract with the SPA ─────────────────────────────────────────────────────────────────────────────

/** Why a sign-in came back without success; the SPA shows SPEC §8's text for all and may add a hint. */
export type SocialReason =
  | 'cancelled'
  | 'expired'
  | 'invalid_state'
  | 'failed'
  | 'unavailable'
  | 'human_check'
  | 'email_in_use'
  | 'already_linked'
  | 'already_connected';

/** A sign-in refused by our own rules rather than by the provider. */
class SocialSignInRefused extends Error {
  constructor(
    readonly reason: SocialReason,
    detail: string,
  ) {
    super(detail);
    this.name = 'SocialSignInRefused';
  }
}

function reasonOf(error: unknown): SocialReason {
  if (error instanceof SocialSignInRefused) return error.reason;
  if (error instanceof SocialSignInCancelled) return 'cancelled';
  if (error instanceof SocialSignInStateInvalid)
    return error.problem === 'expired' ? 'expired' : 'invalid_state';
  if (error instanceof SocialProviderUnavailable || error instanceof SocialProviderNotConfigured)
    return 'unavailable';
  if (error instanceof AppError && error.code === 'email_in_use') return 'email_in_use';
  return 'failed';
}

function siteUrl(pathAndQuery: string): string {
  const origin = getEnv().SITE_ORIGIN;
  if (!origin) throw new Error('SITE_ORIGIN is not configured: social sign-in cannot build its addresses.');
  return `${origin.replace(/\/+$/, '')}${pathAndQuery}`;
}

type ReturnIntent = Pick<SignInIntent, 'promo' | 'linkToUserId' | 'returnTo'>;

/**
 * The SPA page a fan's attempt returns to: when connecting, settings (or the dashboard, where Spotify is connected
 * from too); the promo page for promo=try; else login.
 */
function returnPage(intent: ReturnIntent | undefined): '/settings' | '/dashboard' | '/try' | '/login' {
  if (intent?.linkToUserId) return intent.returnTo === 'dashboard' ? '/dashboard' : '/settings';
  return intent?.promo === 'try' ? '/try' : '/login';
}

function failureLocation(page: string, provider: SocialProvider, reason: SocialReason): string {
  const query = new URLSearchParams({ socialError: provider, socialReason: reason });
  return siteUrl(`${page}?${query.toString()}`);
}

// ── configuration ───────────────────────────────────────────────────────────────────────────────────────────────

/** In AWS the client secrets, the state key and the token key come from the app secret; locally there is none. */
async function readSecrets(): Promise<Readonly<Record<string, string>>> {
  const secret = getAppSecret();
  return secret ? secret.read() : {};
}

async function loadSocialSignIn(): Promise<SocialSignIn> {
  return getSocialSignIn(await readSecrets());
}

/** One fixed callback per provider for fans, registered with each provider. */
export function fanCallbackUri(provider: SocialProvider): string {
  return siteUrl(`/api/auth/callback/${provider}`);
}

/** Staff come back to an SPA page, which posts what it received to POST /api/admin/auth/google/callback. */
export function staffCallbackUri(): string {
  return siteUrl('/admin/auth/google/callback');
}

/**
 * The intent sealed in the request's state cookie, when it is genuine: a failed attempt (a cancel, a provider
 * error) still returns to the page it started from.
 */
async function peekIntent(
  provider: SocialProvider,
  event: APIGatewayProxyEventV2,
  now: Date,
): Promise<SignInIntent | undefined> {
  try {
    const config = loadOAuthConfig({ ...process.env, ...(await readSecrets()) });
    const opened = await openState(readStateCookie(event.cookies ?? event.headers?.cookie), {
      secret: config.stateSecret,
      now,
    });
    return opened.ok && opened.contents.provider === provider ? opened.contents.intent : undefined;
  } catch {
    return undefined;
  }
}

// ── fans: leaving for the provider ──────────────────────────────────────────────────────────────────────────────

/** SPEC §7 sends a human-check token with the X and Facebook sign-ins ("social sign-in for some providers", §5). */
const humanCheckedProviders: ReadonlySet<SocialProvider> = new Set(['twitter', 'facebook']);

/**
 * GET /api/auth/login<Provider>: a 302 to the provider with the state cookie. Spotify has no link call in SPEC §7,
 * so a fan who is already signed in connects Spotify through its sign-in (the listening work needs it).
 */
export async function beginFanSignIn(
  provider: SocialProvider,
  query: FanSignInQuery,
  context: FlowContext,
): Promise<Reply> {
  const { event, now, log } = context;
  let intent: SignInIntent = {
    kind: 'fan',
    ...(query.promo ? { promo: query.promo } : {}),
    ...(provider !== 'google' && query.deviceType ? { deviceType: query.deviceType } : {}),
  };
  try {
    if (humanCheckedProviders.has(provider)) {
      const humanCheck = await getHumanCheck();
      const clientAddress = findClientAddress(event, getEnv()) ?? undefined;
      if (!(await humanCheck.verify(query.recaptchaToken, captchaActions.socialSignIn, clientAddress))) {
        throw new SocialSignInRefused('human_check', 'the human check failed');
      }
    }
    if (provider === 'spotify') {
      const session = await findSession('fan', event, now);
      if (session) {
        intent = {
          ...intent,
          linkToUserId: session.userId,
          ...(query.returnTo ? { returnTo: query.returnTo } : {}),
        };
      }
    }
    const signIn = await loadSocialSignIn();
    const { authorizeUrl, stateCookie } = await signIn.beginSignIn(provider, {
      redirectUri: fanCallbackUri(provider),
      intent,
      now,
    });
    return redirect(authorizeUrl, { cookies: [stateCookie] });
  } catch (error) {
    const reason = reasonOf(error);
    log.warn('social sign-in not started', { provider, reason, error: describeError(error) });
    return redirect(failureLocation(returnPage(intent), provider, reason));
  }
}

/** POST /api/auth/link-<provider>: where to send the browser to connect a provider to the signed-in fan. */
export async function beginFanLink(provider: SocialProvider, fanId: string, now: Date): Promise<Reply> {
  await requireAccount('fan', fanId);
  const connections = await listConnections(getTable(), 'fan', fanId);
  if (connections.some((connection) => connection.provider === provider)) {
    throw new AppError(
      'conflict',
      `${providerLabels[provider]} is already connected to your account. Disconnect it first to connect another.`,
      { code: 'already_connected' },
    );
  }
  const signIn = await loadSocialSignIn();
  const { authorizeUrl, stateCookie } = await signIn.beginSignIn(provider, {
    redirectUri: fanCallbackUri(provider),
    intent: { kind: 'fan', linkToUserId: fanId },
    now,
  });
  return ok({ authorizeUrl }, { cookies: [stateCookie] });
}

// ── fans: back from the provider ────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/auth/callback/{provider}: completes the attempt, then connects the identity to the fan who asked
 * (link) or signs the person in, finding or creating their account. Always clears the state cookie.
 */
export async function completeFanSignIn(
  provider: SocialProvider,
  query: ProviderCallbackQuery,
  context: FlowContext,
): Promise<Reply> {
  const { event, now, log } = context;
  const clearedState = buildClearedStateCookie(fanCallbackUri(provider));
  let intent: SignInIntent | undefined;
  try {
    const signIn = await loadSocialSignIn();
    const identity = await signIn.completeSignIn(provider, {
      code: query.code,
      state: query.state,
      error: query.error,
      errorDescription: query.error_description,
      stateCookie: readStateCookie(event.cookies ?? event.headers?.cookie),
      redirectUri: fanCallbackUri(provider),
      now,
    });
    intent = identity.intent;
    if (intent.kind !== 'fan')
      throw new SocialSignInRefused('invalid_state', 'a staff attempt came back here');

    if (intent.linkToUserId) {
      const fan = await getAccount(getTable(), 'fan', intent.linkToUserId);
      if (!isActiveAccount(fan)) throw new SocialSignInRefused('failed', 'the fan to connect to is gone');
      await connectIdentity(fan.id, identity, now, { replaceAnother: false });
      log.info('social account connected', { provider, userId: fan.id });
      return redirect(siteUrl(`${returnPage(intent)}?socialConnected=${provider}`), {
        cookies: [clearedState],
      });
    }

    const { account, created } = await findOrCreateFan(identity, context);
    const session = await startSession('fan', account.id, { now });
    log.info('social sign-in', { provider, userId: account.id, created });
    const target = intent.promo === 'try' ? `/try?socialSuccess=${provider}` : '/dashboard';
    return redirect(siteUrl(target), { cookies: [clearedState, ...session.cookies] });
  } catch (error) {
    const reason = reasonOf(error);
    log.warn('social sign-in failed', { provider, reason, error: describeError(error) });
    intent ??= await peekIntent(provider, event, now);
    return redirect(failureLocation(returnPage(intent), provider, reason), { cookies: [clearedState] });
  }
}

/**
 * The fan a provider identity signs in as: the account it is connected to; else, for an address the provider
 * vouches for (Google), the account of that address (created if none); else a new account (decision 006).
 */
async function findOrCreateFan(
  identity: SocialIdentity,
  context: FlowContext,
): Promise<{ account: Account; created: boolean }> {
  const table = getTable();
  const linked = await findAccountByConnection(table, 'fan', identity.provider, identity.providerUserId);
  if (isActiveAccount(linked)) {
    // Signing in again refreshes what the connection keeps (Spotify's tokens and scopes).
    await connectIdentity(linked.id, identity, context.now, { replaceAnother: false });
    return { account: linked, created: false };
  }
  const names = splitDisplayName(identity.displayName);
  const promoEligible = identity.intent.promo === 'try';
  if (identity.email && identity.emailVerified) {
    const { account, created } = await findOrCreateAccountByVerifiedEmail(
      'fan',
      { email: identity.email, ...names, promoEligible },
      context.now,
    );
    // The provider proved the address, so its identity replaces another one of the same provider on the account.
    await connectIdentity(account.id, identity, context.now, { replaceAnother: true });
    return { account, created };
  }
  const account = await createAccountFromProviderProfile(
    'fan',
    { email: identity.email, ...names, promoEligible },
    context,
  );
  await connectIdentity(account.id, identity, context.now, { replaceAnother: false });
  return { account, created: true };
}

/** "Sam Okafor" → Sam / Okafor; the rest of a longer name is the last name. */
function splitDisplayName(displayName: string | null): { firstName: string | null; lastName: string | null } {
  const words = (displayName ?? '').split(/\s+/).filter((word) => word.length > 0);
  const [first, ...rest] = words;
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(' ') : null };
}

/**
 * Records the identity on the fan's account. One identity per provider and account: another identity of the same
 * provider is refused (`already_connected`) unless `replaceAnother`; an identity connected to another fan is refused
 * (`already_linked`).
 */
async function connectIdentity(
  fanId: string,
  identity: SocialIdentity,
  now: Date,
  options: { replaceAnother: boolean },
): Promise<void> {
  const table = getTable();
  const current = (await listConnections(table, 'fan', fanId)).find(
    (connection) => connection.provider === identity.provider,
  );
  const same = current?.providerUserId === identity.providerUserId;
  if (current && !same) {
    if (!options.replaceAnother) {
      throw new SocialSignInRefused('already_connected', 'another identity of this provider is connected');
    }
    await deleteConnection(table, 'fan', fanId, identity.provider);
  }
  const connection: ConnectionRecord = {
    provider: identity.provider,
    providerUserId: identity.providerUserId,
    connectedAt: same && current ? current.connectedAt : now.toISOString(),
    details: await connectionDetails(fanId, identity, now),
  };
  if ((await saveConnection(table, 'fan', fanId, connection)) === 'taken') {
    throw new SocialSignInRefused('already_linked', 'the identity is connected to another fan');
  }
}

/** The context Spotify tokens are sealed under: they decrypt only on this fan's connection. */
export function spotifyTokenContext(fanId: string): string {
  return `spotify-tokens:${fanId}`;
}

/**
 * What a connection keeps beyond the identity. Spotify's tokens are what the listening work reads (sealed with the
 * token cipher, never in the clear); the other providers' tokens are not needed after sign-in, so none are kept.
 */
async function connectionDetails(
  fanId: string,
  identity: SocialIdentity,
  now: Date,
): Promise<Record<string, string | string[]>> {
  if (identity.provider !== 'spotify') return {};
  const { tokens } = identity;
  const sealed = await getTokenCipher(await readSecrets()).encrypt(
    JSON.stringify({
      accessToken: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
    }),
    spotifyTokenContext(fanId),
  );
  return {
    spotifyTokens: sealed,
    scopes: tokens.scopes,
    tokensUpdatedAt: now.toISOString(),
    ...(tokens.expiresAt ? { accessTokenExpiresAt: tokens.expiresAt.toISOString() } : {}),
    ...(identity.providerUsername ? { spotifyUserId: identity.providerUsername } : {}),
    // Puts the connection in the listening sync's index (a new sign-in also clears a 'broken' mark this way).
    ...spotifySyncIndexAttributes(fanId),
  };
}

// ── fans: disconnecting ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/auth/disconnect-<provider>: removes the connection (with Spotify's tokens) and answers the fan as
 * GET /api/user does. The last way to sign in (no password and no other connection) is kept.
 */
export async function disconnectProvider(provider: SocialProvider, fanId: string): Promise<FanUser> {
  const table = getTable();
  const account = await requireAccount('fan', fanId);
  const connections = await listConnections(table, 'fan', fanId);
  if (!connections.some((connection) => connection.provider === provider)) {
    return toFanUser(account, connections);
  }
  const others = connections.filter((connection) => connection.provider !== provider);
  if (account.passwordHash === null && others.length === 0) {
    throw new AppError(
      'conflict',
      `${providerLabels[provider]} is the only way you sign in to OpenPie, so it cannot be disconnected. ` +
        'Connect another account or set a password first.',
      { code: 'last_sign_in_method' },
    );
  }
  await deleteConnection(table, 'fan', fanId, provider);
  return toFanUser(account, others);
}

// ── artist-side users: connecting Google ────────────────────────────────────────────────────────────────────────
// SPEC §7 gives artist-side users link-google and disconnect-google only (no Google sign-in), so an artist attempt
// is always a link. It has its own callback, so a fan's or staff member's state can never complete it.

const artistSettingsPage = '/for-artists/settings';

/** Artist-side users come back to their own callback, registered with Google beside the fans' one. */
export function artistCallbackUri(): string {
  return siteUrl('/api/for-artists/auth/callback/google');
}

/** POST /api/for-artists/auth/link-google: where to send the browser to connect Google to the signed-in user. */
export async function beginArtistLink(artistUserId: string, now: Date): Promise<Reply> {
  await requireAccount('artist', artistUserId);
  const connections = await listConnections(getTable(), 'artist', artistUserId);
  if (connections.some((connection) => connection.provider === 'google')) {
    throw new AppError(
      'conflict',
      `${providerLabels.google} is already connected to your account. Disconnect it first to connect another.`,
      { code: 'already_connected' },
    );
  }
  const signIn = await loadSocialSignIn();
  const { authorizeUrl, stateCookie } = await signIn.beginSignIn('google', {
    redirectUri: artistCallbackUri(),
    intent: { kind: 'artist', linkToUserId: artistUserId },
    now,
  });
  return ok({ authorizeUrl }, { cookies: [stateCookie] });
}

/**
 * GET /api/for-artists/auth/callback/google: connects the Google identity to the artist-side user in the sealed
 * intent and returns to the artist settings page, with SPEC §8's query on failure. Always clears the state cookie.
 */
export async function completeArtistLink(query: ProviderCallbackQuery, context: FlowContext): Promise<Reply> {
  const { event, now, log } = context;
  const clearedState = buildClearedStateCookie(artistCallbackUri());
  try {
    const signIn = await loadSocialSignIn();
    const identity = await signIn.completeSignIn('google', {
      code: query.code,
      state: query.state,
      error: query.error,
      errorDescription: query.error_description,
      stateCookie: readStateCookie(event.cookies ?? event.headers?.cookie),
      redirectUri: artistCallbackUri(),
      now,
    });
    const { intent } = identity;
    if (intent.kind !== 'artist' || !intent.linkToUserId) {
      throw new SocialSignInRefused('invalid_state', 'an attempt of another kind came back here');
    }
    const artistUser = await getAccount(getTable(), 'artist', intent.linkToUserId);
    if (!isActiveAccount(artistUser)) {
      throw new SocialSignInRefused('failed', 'the artist-side user to connect to is gone');
    }
    await connectArtistIdentity(artistUser.id, identity, now);
    log.info('social account connected', { provider: 'google', kind: 'artist', userId: artistUser.id });
    return redirect(siteUrl(`${artistSettingsPage}?socialConnected=google`), { cookies: [clearedState] });
  } catch (error) {
    const reason = reasonOf(error);
    log.warn('artist Google link failed', { reason, error: describeError(error) });
    return redirect(failureLocation(artistSettingsPage, 'google', reason), { cookies: [clearedState] });
  }
}

/**
 * Records a Google identity on an artist-side account: refused when another Google identity is connected
 * (`already_connected`) or the identity is connected to another artist-side account (`already_linked`). Apart from
 * the fans' connectIdentity so that this Lambda carries no token cipher: nothing but the identity is kept.
 */
async function connectArtistIdentity(
  artistUserId: string,
  identity: SocialIdentity,
  now: Date,
): Promise<void> {
  const table = getTable();
  const current = (await listConnections(table, 'artist', artistUserId)).find(
    (connection) => connection.provider === identity.provider,
  );
  if (current && current.providerUserId !== identity.providerUserId) {
    throw new SocialSignInRefused('already_connected', 'another Google identity is connected');
  }
  const connection: ConnectionRecord = {
    provider: identity.provider,
    providerUserId: identity.providerUserId,
    connectedAt: current?.connectedAt ?? now.toISOString(),
  };
  if ((await saveConnection(table, 'artist', artistUserId, connection)) === 'taken') {
    throw new SocialSignInRefused(
      'already_linked',
      'the identity is connected to another artist-side account',
    );
  }
}

/**
 * POST /api/for-artists/auth/disconnect-google: removes the connection and answers the user as
 * GET /api/for-artists/user does. Google never signs an artist-side user in, so it is never their last way in; with
 * nothing connected the call is refused (409 `not_connected`) rather than silently answered.
 */
export async function disconnectArtistGoogle(artistUserId: string): Promise<ArtistUser> {
  const table = getTable();
  const account = await requireAccount('artist', artistUserId);
  const connections = await listConnections(table, 'artist', artistUserId);
  if (!connections.some((connection) => connection.provider === 'google')) {
    throw new AppError('conflict', `${providerLabels.google} is not connected to your account.`, {
      code: 'not_connected',
    });
  }
  await deleteConnection(table, 'artist', artistUserId, 'google');
  return toArtistUser(
    account,
    connections.filter((connection) => connection.provider !== 'google'),
  );
}

// ── staff ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/admin/auth/loginGoogle: a 302 to Google for staff; a failure returns to the staff login page. */
export async function beginStaffSignIn(context: FlowContext): Promise<Reply> {
  try {
    const signIn = await loadSocialSignIn();
    const { authorizeUrl, stateCookie } = await signIn.beginSignIn('google', {
      redirectUri: staffCallbackUri(),
      intent: { kind: 'staff' },
      now: context.now,
    });
    return redirect(authorizeUrl, { cookies: [stateCookie] });
  } catch (error) {
    const reason = reasonOf(error);
    context.log.warn('staff sign-in not started', { reason, error: describeError(error) });
    return redirect(failureLocation('/admin', 'google', reason));
  }
}

/**
 * POST /api/admin/auth/google/callback: a verified Google account of the staff domain whose address is a staff
 * account's signs in as that account; staff accounts come only from `npm run admin:create`, so nobody else does.
 * Failures are JSON replies (the SPA page shows them); the state cookie then simply expires.
 */
export async function completeStaffSignIn(
  payload: StaffCallbackPayload,
  context: FlowContext,
): Promise<Reply> {
  const { event, now, log } = context;
  const secrets = await readSecrets();
  const signIn = getSocialSignIn(secrets);
  const identity = await signIn.completeSignIn('google', {
    code: payload.code,
    state: payload.state,
    error: payload.error,
    stateCookie: readStateCookie(event.cookies ?? event.headers?.cookie),
    redirectUri: staffCallbackUri(),
    now,
  });
  if (identity.intent.kind !== 'staff') throw new SocialSignInStateInvalid('google', 'redirect_mismatch');
  const email = assertStaffIdentity(
    identity,
    loadOAuthConfig({ ...process.env, ...secrets }).staffEmailDomain,
  );
  const account = await findAccountByEmail(getTable(), 'admin', email);
  if (!isActiveAccount(account)) {
    log.warn('staff sign-in refused: no staff account', { domain: email.slice(email.indexOf('@') + 1) });
    throw new AppError('forbidden', 'This Google account has no OpenPie staff account.', {
      code: 'not_staff',
    });
  }
  const session = await startSession('admin', account.id, { now });
  log.info('staff signed in with Google', { userId: account.id });
  const reply: AdminLoginReply = { token: session.token, profile: toStaffProfile(account) };
  return ok(reply, { cookies: [...session.cookies, buildClearedStateCookie(staffCallbackUri())] });
}

/** For the log: the error's name and sentence, never its tokens or the person's data. */
function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
