// Deleting one's own account (SPEC §7): the person is erased, the id stays as an anonymous tombstone because money
// records (ledger, payouts) point at it and must add up (decision 005). An artist-side user leaves their offices in
// the same transaction, and the last admin of an office holding money or claims is refused first (decision 032).
import type { MessageReply } from '../../contracts/auth';
import { eraseAccount, getAccount } from '../../data/accounts';
import { buildFanProfileErasure } from '../../data/fan-profiles';
import { deleteLinkTokensOfUser } from '../../data/link-tokens';
import { AppError } from '../../domain/errors';
import { buildAccountDeletedMail } from '../../domain/identity/emails';
import { planLeavingOffices } from '../offices/leaving-offices';
import { endAllSessions } from '../sessions';
import { removeAllConnections, requireAccount } from './accounts';
import type { IdentityDependencies, RequestContext } from './dependencies';
import type { SelfServiceKind } from './link-tokens';
import { queueMail, requireSiteOrigin } from './mail';

/** Erases the person: name, e-mail, password, tokens, connections and sessions. */
export async function deleteAccount(
  deps: IdentityDependencies,
  kind: SelfServiceKind,
  userId: string,
  request: RequestContext,
): Promise<MessageReply> {
  const now = deps.clock.now();
  const account = await requireAccount(deps, kind, userId);
  const deletedMail = buildAccountDeletedMail({
    to: account.email,
    firstName: account.firstName,
    siteOrigin: requireSiteOrigin(deps),
    area: kind,
  });
  // Queued with the erasure itself: afterwards there is no address to send it to. A fan's public profile (username,
  // visibility) goes in the same transaction, so the username is free again exactly when the account is gone.
  const profileErasure = kind === 'fan' ? await buildFanProfileErasure(deps.table, userId) : [];
  // Refused (409) before anything is written when the person is the last admin of an office holding money or claims.
  const leavingOffices = kind === 'artist' ? await planLeavingOffices(deps, userId, now) : [];
  const erased = await eraseAccount(deps.table, account, now, {
    alongside: [queueMail(deps.table, deletedMail, now), ...profileErasure, ...leavingOffices],
  });
  // Refused by a condition: an office changed meanwhile (another admin left), so nothing was written; asking again
  // decides afresh. An account deleted meanwhile by another request is deleted, as asked.
  if (!erased && (await getAccount(deps.table, kind, userId))?.status === 'active') {
    throw new AppError('conflict');
  }
  await deleteLinkTokensOfUser(deps.table, kind, userId);
  await removeAllConnections(deps, kind, userId);
  await endAllSessions(deps, kind, userId);
  request.log.info('account deleted', { kind, userId });
  return { message: 'Your account was deleted.' };
}
