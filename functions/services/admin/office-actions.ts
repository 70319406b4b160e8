// Staff's actions on an office (decision 043), each with a reason and an entry in the audit trail written in the same
// transaction as its change: removing the office's Stripe connection (the office's name typed to confirm; refused
// while a payout is on its way) so that it can onboard again, and handing an office left with no admin to a new
// admin by the usual invitation (the invitee gets the office's invitation mail and becomes its admin on accepting).
import type {
  RemoveStripeConnectionBody,
  RemoveStripeConnectionReply,
  StaffAdminInvitationBody,
  StaffAdminInvitationReply,
} from '../../contracts/admin-audit';
import { getAuditEntry } from '../../data/audit';
import {
  getOfficeInvitation,
  listOfficeInvitations,
  putOfficeInvitation,
} from '../../data/offices/invitations';
import { getOfficeWithMembers } from '../../data/offices/office';
import { getOfficeStripeAccount, removeOfficeStripeAccount } from '../../data/offices/stripe-account';
import { listOfficePayouts } from '../../data/payouts';
import { AppError } from '../../domain/errors';
import { normalizeEmail } from '../../domain/identity/email-address';
import { maxOfficeMembers } from '../../domain/offices/office';
import { invitationStateOf } from '../../domain/offices/invitations';
import { officeMessages } from '../../domain/offices/rights';
import type { InvitationDependencies } from '../offices/invitations';
import { invitationDependencies, prepareOfficeInvitation } from '../offices/invitations';
import { auditEntryIdOf, auditEntryPut, requireReason, staffActor } from './audit';

export type OfficeActionDependencies = InvitationDependencies;

/** The deployment's table, clock and site origin (for the invitation mail's link). */
export function officeActionDependencies(): OfficeActionDependencies {
  return invitationDependencies();
}

const officeNotFound = () => new AppError('not_found', officeMessages.notFound);

/** The audit trail's actions of this module. */
export const officeActions = {
  stripeConnectionRemoved: 'office-stripe-connection-removed',
  adminInvited: 'office-admin-invited',
} as const;

/**
 * `DELETE /api/admin/offices/{id}/stripe-connection`: the office forgets its connected account (it stays at Stripe,
 * where staff may close it) and can onboard again, which makes a new account. 422 without a reason or when
 * `confirmation` is not the office's name exactly; 409 when the office has no connection or a payout of it is on its
 * way (booked and not yet paid out, or failed). The same removal asked twice at once is one removal and one entry.
 */
export async function removeOfficeStripeConnection(
  deps: OfficeActionDependencies,
  staffId: string,
  officeId: string,
  body: RemoveStripeConnectionBody,
): Promise<RemoveStripeConnectionReply> {
  const reason = requireReason(body.reason);
  const found = await getOfficeWithMembers(deps.table, officeId);
  if (!found) throw officeNotFound();
  if (body.confirmation !== found.office.name) {
    throw new AppError('validation_failed', undefined, {
      fields: { confirmation: "Type the office's name exactly as it is shown." },
    });
  }
  const account = await getOfficeStripeAccount(deps.table, officeId);
  if (!account) throw new AppError('conflict', undefined, { code: 'no_stripe_connection' });
  const payouts = await listOfficePayouts(deps.table, officeId);
  if (payouts.some((payout) => payout.status === 'pending' || payout.status === 'in_progress')) {
    throw new AppError('conflict', undefined, { code: 'payout_in_flight' });
  }
  const now = deps.clock.now();
  const idempotencyKey = `${officeActions.stripeConnectionRemoved}:${officeId}:${account.accountId}`;
  const put = auditEntryPut(
    deps.table,
    {
      actor: await staffActor(deps.table, staffId),
      action: officeActions.stripeConnectionRemoved,
      target: { type: 'office', id: officeId },
      before: {
        officeName: found.office.name,
        stripeAccountId: account.accountId,
        chargesEnabled: account.chargesEnabled,
        payoutsEnabled: account.payoutsEnabled,
        detailsSubmitted: account.detailsSubmitted,
      },
      after: { officeName: found.office.name, stripeAccountId: null, payoutAccountStatus: 'not_started' },
      reason,
      idempotencyKey,
    },
    now,
  );
  const outcome = await removeOfficeStripeAccount(deps.table, officeId, account.accountId, now, [put]);
  const entry = await getAuditEntry(deps.table, auditEntryIdOf(idempotencyKey));
  if (outcome === 'payout-open') throw new AppError('conflict', undefined, { code: 'payout_in_flight' });
  // 'stale' or 'alongside': another request removed it first; when that was this very removal, answer as it did.
  if (outcome !== 'removed' && !entry) throw new AppError('conflict');
  if (!entry) throw new Error(`The audit entry of the removal of ${account.accountId} was not written`);
  return { removedAccountId: account.accountId, entry };
}

/**
 * `POST /api/admin/offices/{id}/admin-invitation`: an office with no admin (its last one deleted their account) gets
 * a new one: a pending `admin` invitation to `email` with the office's usual mail, written on condition that the
 * office still has no admin. 409 when it has one (its admins invite people themselves), when the address is a member
 * already, or the office is full. Asked again while the invitation waits, it answers the same invitation and entry.
 */
export async function inviteAdminToOffice(
  deps: OfficeActionDependencies,
  staffId: string,
  officeId: string,
  body: StaffAdminInvitationBody,
): Promise<StaffAdminInvitationReply> {
  const reason = requireReason(body.reason);
  const found = await getOfficeWithMembers(deps.table, officeId);
  if (!found) throw officeNotFound();
  if (found.office.adminCount > 0 || found.members.some((member) => member.role === 'admin')) {
    throw new AppError('conflict', undefined, { code: 'office_has_admin' });
  }
  const email = normalizeEmail(body.email);
  if (found.members.some((member) => member.email === email)) {
    throw new AppError('conflict', undefined, { code: 'already_member' });
  }
  const now = deps.clock.now();
  const keyOf = (invitedAt: string) => `${officeActions.adminInvited}:${officeId}:${email}:${invitedAt}`;
  const waiting = await getOfficeInvitation(deps.table, officeId, email);
  if (waiting && invitationStateOf(waiting, now) === 'pending') {
    const entry = await getAuditEntry(deps.table, auditEntryIdOf(keyOf(waiting.invitedAt)));
    if (waiting.role === 'admin' && entry) {
      return { email, expiresAt: waiting.expiresAt, entry };
    }
    throw new AppError('conflict', undefined, { code: 'invitation_pending' });
  }
  const pending = (await listOfficeInvitations(deps.table, officeId)).filter(
    (invitation) => invitationStateOf(invitation, now) === 'pending',
  );
  if (found.members.length + pending.length >= maxOfficeMembers) {
    throw new AppError('conflict', undefined, { code: 'office_full' });
  }
  const { invitation, mail } = prepareOfficeInvitation(deps, found, { email, role: 'admin' }, staffId, now);
  const idempotencyKey = keyOf(invitation.invitedAt);
  const put = auditEntryPut(
    deps.table,
    {
      actor: await staffActor(deps.table, staffId),
      action: officeActions.adminInvited,
      target: { type: 'office', id: officeId },
      before: { officeName: found.office.name, admins: [], members: found.members.length },
      after: {
        officeName: found.office.name,
        invitation: { email, role: 'admin', expiresAt: invitation.expiresAt },
      },
      reason,
      idempotencyKey,
    },
    now,
  );
  const outcome = await putOfficeInvitation(deps.table, invitation, mail, now, {
    onlyWithoutAdmin: true,
    alongside: [put],
  });
  if (outcome === 'missing') throw officeNotFound();
  if (outcome === 'has-admin') throw new AppError('conflict', undefined, { code: 'office_has_admin' });
  if (outcome === 'pending') throw new AppError('conflict', undefined, { code: 'invitation_pending' });
  if (outcome === 'alongside') throw new AppError('conflict');
  const entry = await getAuditEntry(deps.table, auditEntryIdOf(idempotencyKey));
  if (!entry) throw new Error(`The audit entry of the invitation of ${email} was not written`);
  return { email, expiresAt: invitation.expiresAt, entry };
}
