// Fans' social sign-in (SPEC §7; docs/decisions/006-social-sign-in.md): leave for the provider, come back to our
// callback, and decide what the identity means here (sign in, create, connect), ending in the same sessions as a
// password login; connecting providers from the settings page or the dashboard, and disconnecting them. The OAuth
// protocol is integrations/oauth; the connection rules are domain/identity/connections.ts.
import type { FanUser } from '../../contracts/auth';
import { captchaActions } from '../../contracts/auth';
import type { FanSignInQuery } from '../../contracts/social-sign-in';
import type { ConnectionRecord } from '../../data/accounts';
import {
  deleteConnection,
  findAccountByConnection,
  getAccount,
  listConnections,
  saveConnection,
} from '../../data/accounts';
import { spotifySyncIndexAttributes } from '../../data/spotify-sync';
import { AppError } from '../../domain/errors';
import type { Account } from '../../domain/identity/account';
import { isActiveAccount } from '../../domain/identity/account';
import {
  chooseFanAccountSource,
  decideConnection,
  decideDisconnect,
  isHumanCheckedProvider,
  spotifyTokenContext,
  splitDisplayName,
} from '../../domain/identity/connections';
import type { TokenCipher } from '../../integrations/crypto/token-cipher';
import type { SignInIntent, SocialIdentity, SocialProvider } from '../../integrations/oauth';
import {
  buildClearedStateCookie,
  openState,
  providerLabels,
  socialProviders,
} from '../../integrations/oauth';
import { requireAccount } from '../identity/accounts';
import { toFanUser } from '../identity/account-replies';
import type { RequestContext } from '../identity/dependencies';
import {
  createAccountFromProviderProfile,
  findOrCreateAccountByVerifiedEmail,
} from '../identity/provider-accounts';
import { findSession, startSession } from '../sessions';
import { getTokenCipher } from '../token-cipher';
import type { SocialSignInDependencies } from './dependencies';
import { siteUrl, socialSignInDependencies } from './dependencies';
import type { BrowserOutcome, SocialReturnPage } from './outcomes';
import { describeError, reasonOf, SocialSignInRefused } from './outcomes';
import type { ProviderCallback } from './state-cookie';
import { completionOf } from './state-cookie';

export interface FanSocialDependencies extends SocialSignInDependencies {
  /** Seals the Spotify tokens a connection keeps for the listening work. */
  tokenCipher(): TokenCipher;
}

/** The deployment's dependencies of the fans' flows. */
export function fanSocialDependencies(): FanSocialDependencies {
  return { ...socialSignInDependencies(), tokenCipher: getTokenCipher };
}

/** One fixed callback per provider for fans, registered with each provider. */
export function fanCallbackUri(deps: { siteOrigin: string | undefined }, provider: SocialProvider): string {
  return siteUrl(deps, `/api/auth/callback/${provider}`);
}

/** The `{provider}` of a callback path; anything else is no route of ours (404, never reached by a flow). */
export function parseCallbackProvider(value: string | undefined): SocialProvider {
  const found = socialProviders.find((provider) => provider === value);
  if (!found) throw new AppError('not_found', 'There is no sign-in callback for this provider.');
  return found;
}

type ReturnIntent = Pick<SignInIntent, 'promo' | 'linkToUserId' | 'returnTo'>;

/**
 * The SPA page a fan's attempt returns to: when connecting, settings (or the dashboard or /try, where Spotify is
 * connected from too); the promo page for promo=try; else login.
 */
function returnPage(intent: ReturnIntent | undefined): SocialReturnPage {
  if (intent?.linkToUserId) {
    if (intent.returnTo === 'dashboard') return '/dashboard';
    return intent.returnTo === 'try' ? '/try' : '/settings';
  }
  return intent?.promo === 'try' ? '/try' : '/login';
}

// ── leaving for the provider ────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/auth/login<Provider>: to the provider with the state cookie. Spotify has no link call in SPEC §7, so a fan
 * who is already signed in (`sessionToken`) connects Spotify through its sign-in (the listening work needs it).
 */
export async function beginFanSignIn(
  deps: FanSocialDependencies,
  provider: SocialProvider,
  query: FanSignInQuery,
  request: RequestContext & { sessionToken: string | null },
): Promise<BrowserOutcome> {
  let intent: SignInIntent = {
    kind: 'fan',
    ...(query.promo ? { promo: query.promo } : {}),
    ...(provider !== 'google' && query.deviceType ? { deviceType: query.deviceType } : {}),
  };
  try {
    if (isHumanCheckedProvider(provider)) {
      const humanCheck = await deps.humanCheck();
      const clientAddress = request.clientAddress ?? undefined;
      if (!(await humanCheck.verify(query.recaptchaToken, captchaActions.socialSignIn, clientAddress))) {
        throw new SocialSignInRefused('human_check', 'the human check failed');
      }
    }
    if (provider === 'spotify') {
      const session = await findSession(deps, 'fan', request.sessionToken);
      if (session) {
        intent = {
          ...intent,
          linkToUserId: session.userId,
          ...(query.returnTo ? { returnTo: query.returnTo } : {}),
        };
      }
    }
    const signIn = await deps.socialSignIn();
    const { authorizeUrl, stateCookie } = await signIn.beginSignIn(provider, {
      redirectUri: fanCallbackUri(deps, provider),
      intent,
      now: deps.clock.now(),
    });
    return { status: 'to-provider', authorizeUrl, stateCookie };
  } catch (error) {
    const reason = reasonOf(error);
    request.log.warn('social sign-in not started', { provider, reason, error: describeError(error) });
    return { status: 'failed', page: returnPage(intent), provider, reason };
  }
}

/** POST /api/auth/link-<provider>: where to send the browser to connect a provider to the signed-in fan. */
export async function beginFanLink(
  deps: SocialSignInDependencies,
  provider: SocialProvider,
  fanId: string,
): Promise<{ authorizeUrl: string; stateCookie: string }> {
  await requireAccount(deps, 'fan', fanId);
  const connections = await listConnections(deps.table, 'fan', fanId);
  if (connections.some((connection) => connection.provider === provider)) {
    throw new AppError(
      'conflict',
      `${providerLabels[provider]} is already connected to your account. Disconnect it first to connect another.`,
      { code: 'already_connected' },
    );
  }
  const signIn = await deps.socialSignIn();
  return signIn.beginSignIn(provider, {
    redirectUri: fanCallbackUri(deps, provider),
    intent: { kind: 'fan', linkToUserId: fanId },
    now: deps.clock.now(),
  });
}

// ── back from the provider ──────────────────────────────────────────────────────────────────────────────────────

/**
 * GET /api/auth/callback/{provider}: completes the attempt, then connects the identity to the fan who asked (link)
 * or signs the person in, finding or creating their account. Always clears the state cookie.
 */
export async function completeFanSignIn(
  deps: FanSocialDependencies,
  provider: SocialProvider,
  callback: ProviderCallback,
  request: Pick<RequestContext, 'log'>,
): Promise<BrowserOutcome> {
  const { log } = request;
  const now = deps.clock.now();
  const stateCookie = buildClearedStateCookie(fanCallbackUri(deps, provider));
  let intent: SignInIntent | undefined;
  try {
    const signIn = await deps.socialSignIn();
    const identity = await signIn.completeSignIn(
      provider,
      completionOf(callback, fanCallbackUri(deps, provider), now),
    );
    intent = identity.intent;
    if (intent.kind !== 'fan') {
      throw new SocialSignInRefused('invalid_state', 'an attempt of another kind came back here');
    }

    if (intent.linkToUserId) {
      const fan = await getAccount(deps.table, 'fan', intent.linkToUserId);
      if (!isActiveAccount(fan)) throw new SocialSignInRefused('failed', 'the fan to connect to is gone');
      await connectIdentity(deps, fan.id, identity, { replaceAnother: false });
      log.info('social account connected', { provider, userId: fan.id });
      return { status: 'connected', page: returnPage(intent), provider, stateCookie };
    }

    const { account, created } = await findOrCreateFan(deps, identity);
    const session = await startSession(deps, 'fan', account.id);
    log.info('social sign-in', { provider, userId: account.id, created });
    const page = intent.promo === 'try' ? '/try' : '/dashboard';
    return { status: 'signed-in', page, provider, session, stateCookie };
  } catch (error) {
    const reason = reasonOf(error);
    log.warn('social sign-in failed', { provider, reason, error: describeError(error) });
    intent ??= await peekIntent(deps, provider, callback.stateCookie);
    return { status: 'failed', page: returnPage(intent), provider, reason, stateCookie };
  }
}

/**
 * The intent sealed in the request's state cookie, when it is genuine: a failed attempt (a cancel, a provider
 * error) still returns to the page it started from.
 */
async function peekIntent(
  deps: SocialSignInDependencies,
  provider: SocialProvider,
  stateCookie: string | undefined,
): Promise<SignInIntent | undefined> {
  try {
    const config = await deps.oauthConfig();
    const opened = await openState(stateCookie, { secret: config.stateSecret, now: deps.clock.now() });
    return opened.ok && opened.contents.provider === provider ? opened.contents.intent : undefined;
  } catch {
    return undefined;
  }
}

/** The fan a provider identity signs in as (domain/identity/connections.ts `chooseFanAccountSource`). */
async function findOrCreateFan(
  deps: FanSocialDependencies,
  identity: SocialIdentity,
): Promise<{ account: Account; created: boolean }> {
  const linked = await findAccountByConnection(deps.table, 'fan', identity.provider, identity.providerUserId);
  const names = splitDisplayName(identity.displayName);
  const promoEligible = identity.intent.promo === 'try';
  switch (chooseFanAccountSource(isActiveAccount(linked), identity)) {
    case 'connected-account': {
      const account = linked as Account;
      // Signing in again refreshes what the connection keeps (Spotify's tokens and scopes).
      await connectIdentity(deps, account.id, identity, { replaceAnother: false });
      return { account, created: false };
    }
    case 'verified-email': {
      const found = await findOrCreateAccountByVerifiedEmail(deps, 'fan', {
        email: identity.email ?? '',
        ...names,
        promoEligible,
      });
      // The provider proved the address, so its identity replaces another one of the same provider on the account.
      await connectIdentity(deps, found.account.id, identity, { replaceAnother: true });
      return found;
    }
    case 'new-unverified': {
      const account = await createAccountFromProviderProfile(deps, 'fan', {
        email: identity.email,
        ...names,
        promoEligible,
      });
      await connectIdentity(deps, account.id, identity, { replaceAnother: false });
      return { account, created: true };
    }
  }
}

/** Records the identity on the fan's account (domain/identity/connections.ts `decideConnection`). */
async function connectIdentity(
  deps: FanSocialDependencies,
  fanId: string,
  identity: SocialIdentity,
  options: { replaceAnother: boolean },
): Promise<void> {
  const current = (await listConnections(deps.table, 'fan', fanId)).find(
    (connection) => connection.provider === identity.provider,
  );
  const now = deps.clock.now();
  const decision = decideConnection(current, identity.providerUserId, { ...options, now });
  if (decision.outcome === 'refuse') {
    throw new SocialSignInRefused(decision.reason, 'another identity of this provider is connected');
  }
  if (decision.replacesAnother) await deleteConnection(deps.table, 'fan', fanId, identity.provider);
  const connection: ConnectionRecord = {
    provider: identity.provider,
    providerUserId: identity.providerUserId,
    connectedAt: decision.connectedAt,
    details: await connectionDetails(deps, fanId, identity, now),
  };
  if ((await saveConnection(deps.table, 'fan', fanId, connection)) === 'taken') {
    throw new SocialSignInRefused('already_linked', 'the identity is connected to another fan');
  }
}

/**
 * What a connection keeps beyond the identity. Spotify's tokens are what the listening work reads (sealed with the
 * token cipher, never in the clear); the other providers' tokens are not needed after sign-in, so none are kept.
 */
async function connectionDetails(
  deps: FanSocialDependencies,
  fanId: string,
  identity: SocialIdentity,
  now: Date,
): Promise<Record<string, string | string[]>> {
  if (identity.provider !== 'spotify') return {};
  const { tokens } = identity;
  const sealed = await deps.tokenCipher().encrypt(
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

// ── disconnecting ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /api/auth/disconnect-<provider>: removes the connection (with Spotify's tokens) and answers the fan as
 * GET /api/user does. The last way to sign in (no password and no other connection) is kept.
 */
export async function disconnectFanProvider(
  deps: SocialSignInDependencies,
  provider: SocialProvider,
  fanId: string,
): Promise<FanUser> {
  const account = await requireAccount(deps, 'fan', fanId);
  const connections = await listConnections(deps.table, 'fan', fanId);
  const decision = decideDisconnect('fan', provider, {
    hasPassword: account.passwordHash !== null,
    connectedProviders: connections.map((connection) => connection.provider),
  });
  if (decision === 'last_sign_in_method') {
    throw new AppError(
      'conflict',
      `${providerLabels[provider]} is the only way you sign in to OpenPie, so it cannot be disconnected. ` +
        'Connect another account or set a password first.',
      { code: 'last_sign_in_method' },
    );
  }
  if (decision !== 'disconnect') return toFanUser(account, connections);
  await deleteConnection(deps.table, 'fan', fanId, provider);
  return toFanUser(
    account,
    connections.filter((connection) => connection.provider !== provider),
  );
}
