// Artist-side users connect Google (SPEC §7 gives them link-google and disconnect-google only, no Google sign-in), so
// an artist attempt is always a link. It has its own callback, so a fan's or staff member's state can never complete
// it; nothing but the identity is kept, so these flows carry no token cipher (docs/decisions/006-social-sign-in.md).
import type { ArtistUser } from '../../contracts/auth';
import type { ConnectionRecord } from '../../data/accounts';
import { deleteConnection, getAccount, listConnections, saveConnection } from '../../data/accounts';
import { AppError } from '../../domain/errors';
import { isActiveAccount } from '../../domain/identity/account';
import { decideConnection, decideDisconnect } from '../../domain/identity/connections';
import type { SocialIdentity } from '../../integrations/oauth';
import { buildClearedStateCookie, providerLabels } from '../../integrations/oauth';
import { requireAccount } from '../identity/accounts';
import { toArtistUser } from '../identity/account-replies';
import type { RequestContext } from '../identity/dependencies';
import type { SocialSignInDependencies } from './dependencies';
import { siteUrl } from './dependencies';
import type { BrowserOutcome } from './outcomes';
import { describeError, reasonOf, SocialSignInRefused } from './outcomes';
import type { ProviderCallback } from './state-cookie';
import { completionOf } from './state-cookie';

const artistSettingsPage = '/for-artists/settings';

/** Artist-side users come back to their own callback, registered with Google beside the fans' one. */
export function artistCallbackUri(deps: { siteOrigin: string | undefined }): string {
  return siteUrl(deps, '/api/for-artists/auth/callback/google');
}

/** POST /api/for-artists/auth/link-google: where to send the browser to connect Google to the signed-in user. */
export async function beginArtistLink(
  deps: SocialSignInDependencies,
  artistUserId: string,
): Promise<{ authorizeUrl: string; stateCookie: string }> {
  await requireAccount(deps, 'artist', artistUserId);
  const connections = await listConnections(deps.table, 'artist', artistUserId);
  if (connections.some((connection) => connection.provider === 'google')) {
    throw new AppError(
      'conflict',
      `${providerLabels.google} is already connected to your account. Disconnect it first to connect another.`,
      { code: 'already_connected' },
    );
  }
  const signIn = await deps.socialSignIn();
  return signIn.beginSignIn('google', {
    redirectUri: artistCallbackUri(deps),
    intent: { kind: 'artist', linkToUserId: artistUserId },
    now: deps.clock.now(),
  });
}

/**
 * GET /api/for-artists/auth/callback/google: connects the Google identity to the artist-side user in the sealed
 * intent and returns to the artist settings page, with the reason on failure. Always clears the state cookie.
 */
export async function completeArtistLink(
  deps: SocialSignInDependencies,
  callback: ProviderCallback,
  request: Pick<RequestContext, 'log'>,
): Promise<BrowserOutcome> {
  const stateCookie = buildClearedStateCookie(artistCallbackUri(deps));
  try {
    const signIn = await deps.socialSignIn();
    const identity = await signIn.completeSignIn(
      'google',
      completionOf(callback, artistCallbackUri(deps), deps.clock.now()),
    );
    const { intent } = identity;
    if (intent.kind !== 'artist' || !intent.linkToUserId) {
      throw new SocialSignInRefused('invalid_state', 'an attempt of another kind came back here');
    }
    const artistUser = await getAccount(deps.table, 'artist', intent.linkToUserId);
    if (!isActiveAccount(artistUser)) {
      throw new SocialSignInRefused('failed', 'the artist-side user to connect to is gone');
    }
    await connectArtistIdentity(deps, artistUser.id, identity);
    request.log.info('social account connected', {
      provider: 'google',
      kind: 'artist',
      userId: artistUser.id,
    });
    return { status: 'connected', page: artistSettingsPage, provider: 'google', stateCookie };
  } catch (error) {
    const reason = reasonOf(error);
    request.log.warn('artist Google link failed', { reason, error: describeError(error) });
    return { status: 'failed', page: artistSettingsPage, provider: 'google', reason, stateCookie };
  }
}

/** Records a Google identity on an artist-side account (domain/identity/connections.ts `decideConnection`). */
async function connectArtistIdentity(
  deps: SocialSignInDependencies,
  artistUserId: string,
  identity: SocialIdentity,
): Promise<void> {
  const current = (await listConnections(deps.table, 'artist', artistUserId)).find(
    (connection) => connection.provider === identity.provider,
  );
  const decision = decideConnection(current, identity.providerUserId, {
    replaceAnother: false,
    now: deps.clock.now(),
  });
  if (decision.outcome === 'refuse') {
    throw new SocialSignInRefused(decision.reason, 'another Google identity is connected');
  }
  const connection: ConnectionRecord = {
    provider: identity.provider,
    providerUserId: identity.providerUserId,
    connectedAt: decision.connectedAt,
  };
  if ((await saveConnection(deps.table, 'artist', artistUserId, connection)) === 'taken') {
    throw new SocialSignInRefused(
      'already_linked',
      'the identity is connected to another artist-side account',
    );
  }
}

/**
 * POST /api/for-artists/auth/disconnect-google: removes the connection and answers the user as
 * GET /api/for-artists/user does; with nothing connected the call is refused (409 `not_connected`).
 */
export async function disconnectArtistGoogle(
  deps: SocialSignInDependencies,
  artistUserId: string,
): Promise<ArtistUser> {
  const account = await requireAccount(deps, 'artist', artistUserId);
  const connections = await listConnections(deps.table, 'artist', artistUserId);
  const decision = decideDisconnect('artist', 'google', {
    hasPassword: account.passwordHash !== null,
    connectedProviders: connections.map((connection) => connection.provider),
  });
  if (decision !== 'disconnect') {
    throw new AppError('conflict', `${providerLabels.google} is not connected to your account.`, {
      code: 'not_connected',
    });
  }
  await deleteConnection(deps.table, 'artist', artistUserId, 'google');
  return toArtistUser(
    account,
    connections.filter((connection) => connection.provider !== 'google'),
  );
}
