// Staff refund a fan's card payment, in full or in part, through Stripe (decision 043). Nothing is booked here: Stripe
// makes the refund and its `charge.refunded` webhook books it on the ledger like any refund (services/payments), so
// the money moves in one place. The refund is asked once per idempotency key (the form's request id), and the action
// leaves one entry in the audit trail with the charge before and after.
import type { StaffRefundBody, StaffRefundReply } from '../../contracts/admin-audit';
import { getAccount } from '../../data/accounts';
import { getAuditEntry } from '../../data/audit';
import { AppError } from '../../domain/errors';
import { auditEntryIdOf, recordStaffAction, requireReason, staffActor } from './audit';
import { readFanPayments } from './fan-spend';
import type { StaffReadDependencies } from './staff-lists';

export const staffRefundAction = 'payment-refunded';

const storedRefundKeys = ['refundId', 'chargeId', 'amountCents', 'status'] as const;

/** The refund an earlier run of the same request made, from its audit entry. */
function refundOf(after: unknown): Omit<StaffRefundReply, 'entry'> | null {
  if (typeof after !== 'object' || after === null) return null;
  const fields = after as Record<string, unknown>;
  if (!storedRefundKeys.every((key) => key in fields)) return null;
  return {
    refundId: String(fields['refundId']),
    chargeId: String(fields['chargeId']),
    amountCents: Number(fields['amountCents']),
    status: String(fields['status']),
  };
}

/**
 * `POST /api/admin/fans/{id}/payments/{paymentId}/refund`: `amountCents` of the payment's charge (all that is left
 * when absent) refunded at Stripe. 404 for a fan or payment that is not there (another fan's payment included);
 * 422 for more than is left to refund; 409 when nothing is left or Stripe refuses (a disputed charge). The same
 * `requestId` asked again answers the refund it made, with no second refund and no second entry.
 */
export async function refundFanPayment(
  deps: StaffReadDependencies,
  staffId: string,
  fanId: string,
  paymentId: string,
  body: StaffRefundBody,
): Promise<StaffRefundReply> {
  const reason = requireReason(body.reason);
  const account = await getAccount(deps.table, 'fan', fanId);
  if (!account) throw new AppError('not_found', 'There is no fan with this id.');
  const { payments } = await readFanPayments(deps.table, fanId);
  const payment = payments.find((candidate) => candidate.transaction.id === paymentId);
  if (!payment) throw new AppError('not_found', 'This fan has no payment with this id.');
  const chargeId = payment.transaction.references['chargeId'];
  if (!chargeId) throw new AppError('conflict', undefined, { code: 'payment_not_refundable' });

  const requestKey = body.requestId ? `${staffRefundAction}:${chargeId}:${body.requestId}` : null;
  if (requestKey) {
    const earlier = await getAuditEntry(deps.table, auditEntryIdOf(requestKey));
    const refund = earlier ? refundOf(earlier.after) : null;
    if (earlier && refund) return { ...refund, entry: earlier };
  }

  const gateway = await deps.stripe();
  const charge = await gateway.retrieveCharge(chargeId);
  if (!charge) throw new AppError('conflict', undefined, { code: 'payment_not_refundable' });
  const leftCents = charge.amountCents - charge.amountRefundedCents;
  const amountCents = body.amountCents ?? leftCents;
  if (leftCents <= 0) throw new AppError('conflict', undefined, { code: 'payment_not_refundable' });
  if (amountCents > leftCents) {
    throw new AppError('validation_failed', undefined, {
      code: 'refund_exceeds_payment',
      fields: { amountCents: `At most ${String(leftCents)} cents are left to refund.` },
    });
  }
  // Without a request id, the charge as read names the refund: two clicks at once make one.
  const idempotencyKey =
    requestKey ??
    `${staffRefundAction}:${chargeId}:${String(amountCents)}:${String(charge.amountRefundedCents)}`;
  const outcome = await gateway.refundCharge({
    chargeId,
    amountCents,
    metadata: { fan_id: fanId, pie_id: payment.pie.id, reason: 'staff_refund', staff_id: staffId },
    idempotencyKey: `openpie-${idempotencyKey}`,
  });
  if (!outcome.ok) {
    throw new AppError('conflict', `Stripe refused the refund: ${outcome.message}`, {
      code: 'payment_not_refundable',
    });
  }
  const refunds = await gateway.listRefunds(chargeId);
  const refund = refunds.find((candidate) => candidate.id === outcome.value.id);
  const made = {
    refundId: outcome.value.id,
    chargeId,
    amountCents: refund?.amountCents ?? amountCents,
    status: refund?.status ?? 'pending',
  };
  const entry = await recordStaffAction(deps, {
    actor: await staffActor(deps.table, staffId),
    action: staffRefundAction,
    target: { type: 'payment', id: paymentId },
    before: {
      fanId,
      pieId: payment.pie.id,
      chargeId,
      amountCents: charge.amountCents,
      amountRefundedCents: charge.amountRefundedCents,
    },
    after: { ...made, fanId, amountRefundedCents: charge.amountRefundedCents + made.amountCents },
    reason,
    // One entry per request id, or else per refund.
    idempotencyKey: requestKey ?? `${staffRefundAction}:${made.refundId}`,
  });
  return { ...made, entry };
}
