// Deleting one's own account (SPEC §7): the person is erased, the id stays as an anonymous tombstone because money
// records (ledger, payouts) point at it and must add up (decision 005). A fan's erasure raises `fan.deleted`, whose
// consumer cancels the fan's subscriptions at Stripe at once. What else an area erases with the account comes from its
// handler (`companions`): an artist-side user leaves their offices, or is refused first (decision 032).
import { randomUUID } from 'node:crypto';
import type { MessageReply } from '../../contracts/auth';
import { eraseAccount, getAccount } from '../../data/accounts';
import { buildFanProfileErasure } from '../../data/fan-profiles';
import { deleteLinkTokensOfUser } from '../../data/link-tokens';
import { buildOutboxEventPut } from '../../data/outbox';
import type { TransactionItem } from '../../data/table';
import { AppError } from '../../domain/errors';
import { buildAccountDeletedMail } from '../../domain/identity/emails';
import { endAllSessions } from '../sessions';
import { removeAllConnections, requireAccount } from './accounts';
import type { IdentityDependencies, RequestContext } from './dependencies';
import type { SelfServiceKind } from './link-tokens';
import { queueMail, requireSiteOrigin } from './mail';

/**
 * Writes that go in the erasure's own transaction, decided before it; throwing refuses the deletion with nothing
 * written. The artist area passes its office leavings (services/offices/leaving-offices.ts), so the fan area's Lambda
 * does not bundle offices, claims and the ledger.
 */
export type ErasureCompanions = (
  deps: IdentityDependencies,
  userId: string,
  at: Date,
) => Promise<readonly TransactionItem[]>;

/** Erases the person: name, e-mail, password, tokens, connections and sessions. */
export async function deleteAccount(
  deps: IdentityDependencies,
  kind: SelfServiceKind,
  userId: string,
  request: RequestContext,
  companions?: ErasureCompanions,
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
  // This Lambda holds no Stripe key: the event, written only if the erasure is, has a consumer cancel the subscriptions.
  const fanDeleted =
    kind === 'fan'
      ? [
          buildOutboxEventPut(deps.table, {
            id: randomUUID(),
            event: {
              type: 'fan.deleted',
              detail: {
                fanId: userId,
                stripeCustomerId: account.stripeCustomerId,
                deletedAt: now.toISOString(),
              },
            },
            occurredAt: now,
          }),
        ]
      : [];
  // May refuse (an artist-side user who is the last admin of an office holding money or claims: 409) before any write.
  const alongside = companions ? await companions(deps, userId, now) : [];
  const erased = await eraseAccount(deps.table, account, now, {
    alongside: [queueMail(deps.table, deletedMail, now), ...profileErasure, ...fanDeleted, ...alongside],
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
