// Disputes as Stripe's test cards make them, right after the charge's funds are settled:
// - 4000 0000 0000 0259, a chargeback (reason fraudulent): the amount and the $15 dispute fee are withdrawn in one
//   balance transaction (adjustment, reporting category `dispute`), announced by charge.dispute.created then
//   charge.dispute.funds_withdrawn; the charge can no longer be refunded;
// - 4000 0000 0000 1976, an inquiry (warning_needs_response): no money moves, no balance transaction, only
//   charge.dispute.created; the charge can still be refunded, and a full refund closes it (warning_closed).
// Evidence (`POST /v1/disputes/{id}`, submitted unless `submit=false`) puts a dispute under review
// (charge.dispute.updated); Stripe's test values in `uncategorized_text` then decide it at once: `winning_evidence`
// wins a chargeback (a reinstating balance transaction, reporting category `dispute_reversal`, gives back the amount
// and the dispute fee as a negative fee, then charge.dispute.funds_reinstated), `losing_evidence` loses it; either
// closes an inquiry as warning_closed. Closing (`POST /v1/disputes/{id}/close`) accepts: a chargeback is lost, an
// inquiry warning_closed. Every decision ends with charge.dispute.closed.
import type Stripe from 'stripe';
import type { DisputeKind } from '../cards';
import type { SandboxCore } from '../core';
import { daySeconds } from '../core';
import { invalidRequest } from '../errors';
import type { FormObject } from '../form';
import { filterBy, idOf, paginate } from '../lists';
import { createBalanceTransaction, disputeFee } from '../money';
import { optionalBoolean, optionalObject, readMetadata } from '../params';
import type { Router } from '../router';
import { templateDispute } from '../templates/charges';

const closedStatuses: ReadonlySet<Stripe.Dispute.Status> = new Set(['won', 'lost', 'warning_closed']);

function isInquiry(dispute: Stripe.Dispute): boolean {
  return dispute.status.startsWith('warning_');
}

function chargeIdOf(dispute: Stripe.Dispute): string {
  return typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id;
}

/** Opens the dispute a test card asks for on a charge whose funds are settled. */
export function openDispute(core: SandboxCore, charge: Stripe.Charge, kind: DisputeKind): Stripe.Dispute {
  const now = core.now();
  const id = core.newId('dp');
  const inquiry = kind === 'inquiry';
  const template = templateDispute();
  const card = template.payment_method_details?.card;
  const dispute: Stripe.Dispute = {
    ...template,
    id,
    amount: charge.amount,
    balance_transactions: [],
    charge: charge.id,
    created: now,
    currency: charge.currency,
    evidence_details: {
      ...template.evidence_details,
      due_by: now + 7 * daySeconds,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: inquiry,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    ...(card
      ? {
          payment_method_details: {
            type: 'card',
            card: { ...card, case_type: inquiry ? 'inquiry' : 'chargeback' },
          },
        }
      : {}),
    reason: inquiry ? 'general' : 'fraudulent',
    status: inquiry ? 'warning_needs_response' : 'needs_response',
  };
  if (!inquiry) {
    const withdrawal = createBalanceTransaction(core, {
      amount: -charge.amount,
      currency: charge.currency,
      fee: disputeFee,
      feeDescription: 'Dispute fee',
      source: id,
      type: 'adjustment',
      reportingCategory: 'dispute',
      description: `Chargeback withdrawal for ${charge.id}`,
    });
    dispute.balance_transactions = [withdrawal];
  }
  core.put('dispute', dispute);
  charge.disputed = true;
  core.raise('charge.dispute.created', dispute);
  if (!inquiry) core.raise('charge.dispute.funds_withdrawn', dispute);
  return dispute;
}

/** The dispute of a charge, if it has one. */
export function disputeOfCharge(core: SandboxCore, chargeId: string): Stripe.Dispute | undefined {
  return core.all('dispute').find((dispute) => chargeIdOf(dispute) === chargeId);
}

/** A charge refunded in full leaves its inquiry nothing to ask: Stripe closes it. */
export function closeInquiryOfRefundedCharge(core: SandboxCore, charge: Stripe.Charge): void {
  const dispute = disputeOfCharge(core, charge.id);
  if (charge.refunded && dispute && isInquiry(dispute) && !closedStatuses.has(dispute.status)) {
    decide(core, dispute, 'lost');
  }
}

function refuseIfClosed(dispute: Stripe.Dispute): void {
  if (closedStatuses.has(dispute.status)) {
    throw invalidRequest(
      `This dispute is already closed (${dispute.status}).`,
      undefined,
      'dispute_already_closed',
    );
  }
}

/** Decides an open dispute: a chargeback is won or lost, an inquiry is only closed. */
function decide(core: SandboxCore, dispute: Stripe.Dispute, outcome: 'won' | 'lost'): Stripe.Dispute {
  refuseIfClosed(dispute);
  const previous = dispute.status;
  if (isInquiry(dispute)) {
    dispute.status = 'warning_closed';
  } else {
    dispute.status = outcome;
    if (outcome === 'won') {
      // The disputed amount comes back, and with it the dispute fee: a negative fee on the reinstatement.
      const reinstated = createBalanceTransaction(core, {
        amount: dispute.amount,
        currency: dispute.currency,
        fee: -disputeFee,
        feeDescription: 'Dispute fee refund',
        source: dispute.id,
        type: 'adjustment',
        reportingCategory: 'dispute_reversal',
        description: `Chargeback reversal for ${chargeIdOf(dispute)}`,
      });
      dispute.balance_transactions = [...dispute.balance_transactions, reinstated];
      core.raise('charge.dispute.funds_reinstated', dispute);
    }
  }
  core.raise('charge.dispute.closed', dispute, { status: previous });
  return dispute;
}

/** The evidence fields given (strings only: file uploads are not kept), onto the dispute's evidence. */
function mergeEvidence(dispute: Stripe.Dispute, given: FormObject): void {
  const evidence: Record<string, unknown> = { ...dispute.evidence };
  for (const [name, value] of Object.entries(given)) {
    if (typeof value === 'string' && name in evidence) evidence[name] = value;
  }
  dispute.evidence = evidence as unknown as Stripe.Dispute.Evidence;
}

function update(core: SandboxCore, dispute: Stripe.Dispute, params: FormObject): Stripe.Dispute {
  const given = optionalObject(params, 'evidence');
  if (given) refuseIfClosed(dispute);
  dispute.metadata = readMetadata(params, dispute.metadata ?? {});
  if (!given) {
    core.raise('charge.dispute.updated', dispute);
    return dispute;
  }
  mergeEvidence(dispute, given);
  const submit = optionalBoolean(params, 'submit') ?? true;
  const previous = dispute.status;
  dispute.evidence_details = {
    ...dispute.evidence_details,
    has_evidence: true,
    submission_count: dispute.evidence_details.submission_count + (submit ? 1 : 0),
  };
  if (submit) dispute.status = isInquiry(dispute) ? 'warning_under_review' : 'under_review';
  core.raise(
    'charge.dispute.updated',
    dispute,
    previous === dispute.status ? undefined : { status: previous },
  );
  const text = dispute.evidence.uncategorized_text;
  if (submit && text === 'winning_evidence') return decide(core, dispute, 'won');
  if (submit && text === 'losing_evidence') return decide(core, dispute, 'lost');
  return dispute;
}

export function register(router: Router): void {
  router
    .on('GET', '/v1/disputes', ({ core, params }) =>
      paginate(
        core,
        filterBy(
          filterBy(core.all('dispute'), params, 'charge', chargeIdOf),
          params,
          'payment_intent',
          (dispute) => idOf(dispute.payment_intent),
        ),
        params,
        '/v1/disputes',
      ),
    )
    .on('GET', '/v1/disputes/{}', ({ core, args }) => core.get('dispute', args[0] ?? ''))
    .on('POST', '/v1/disputes/{}', ({ core, args, params }) =>
      update(core, core.get('dispute', args[0] ?? ''), params),
    )
    .on('POST', '/v1/disputes/{}/close', ({ core, args }) =>
      decide(core, core.get('dispute', args[0] ?? ''), 'lost'),
    );
}
