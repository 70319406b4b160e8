// Disputes: card 4000 0000 0000 0259 is disputed (reason fraudulent) right after its charge's funds are settled,
// with the $15 dispute fee on the dispute's balance transaction. Closing (`POST /v1/disputes/{id}/close`) accepts
// the loss; evidence `winning_evidence` / `losing_evidence` (Stripe's test values) decides a won or lost dispute.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { daySeconds } from '../core';
import { invalidRequest } from '../errors';
import { filterBy, paginate } from '../lists';
import { createBalanceTransaction, disputeFee } from '../money';
import { asObject, optionalObject, readMetadata } from '../params';
import type { Router } from '../router';
import { templateDispute } from '../templates';

export function openDisputeIfCardSaysSo(core: SandboxCore, charge: Stripe.Charge): Stripe.Dispute {
  const now = core.now();
  const id = core.newId('dp');
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
  const template = templateDispute();
  const dispute: Stripe.Dispute = {
    ...template,
    id,
    amount: charge.amount,
    balance_transactions: [withdrawal],
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
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: charge.payment_intent,
    reason: 'fraudulent',
    status: 'needs_response',
  };
  core.put('dispute', dispute);
  charge.disputed = true;
  core.raise('charge.dispute.created', dispute);
  core.raise('charge.dispute.funds_withdrawn', dispute);
  return dispute;
}

function closeDispute(core: SandboxCore, dispute: Stripe.Dispute, status: 'won' | 'lost'): Stripe.Dispute {
  if (dispute.status === 'won' || dispute.status === 'lost') {
    throw invalidRequest(
      `This dispute is already closed (${dispute.status}).`,
      undefined,
      'dispute_already_closed',
    );
  }
  const previous = dispute.status;
  dispute.status = status;
  if (status === 'won') {
    // The disputed amount comes back; the dispute fee does not.
    const reinstated = createBalanceTransaction(core, {
      amount: dispute.amount,
      currency: dispute.currency,
      fee: 0,
      feeDescription: '',
      source: dispute.id,
      type: 'adjustment',
      reportingCategory: 'dispute_reversal',
      description: `Chargeback reversal for ${typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id}`,
    });
    dispute.balance_transactions = [...dispute.balance_transactions, reinstated];
    core.raise('charge.dispute.funds_reinstated', dispute);
  }
  core.raise('charge.dispute.closed', dispute, { status: previous });
  return dispute;
}

export function register(router: Router): void {
  router
    .on('GET', '/v1/disputes', ({ core, params }) =>
      paginate(
        core,
        filterBy(
          filterBy(core.all('dispute'), params, 'charge', (dispute) => dispute.charge),
          params,
          'payment_intent',
          (dispute) => dispute.payment_intent,
        ),
        params,
        '/v1/disputes',
      ),
    )
    .on('GET', '/v1/disputes/{}', ({ core, args }) => core.get('dispute', args[0] ?? ''))
    .on('POST', '/v1/disputes/{}', ({ core, args, params }) => {
      const dispute = core.get('dispute', args[0] ?? '');
      dispute.metadata = readMetadata(params, dispute.metadata ?? {});
      const evidence = optionalObject(params, 'evidence');
      const text = evidence ? asObject(evidence, 'evidence').uncategorized_text : undefined;
      if (typeof text === 'string') dispute.evidence = { ...dispute.evidence, uncategorized_text: text };
      if (text === 'winning_evidence') return closeDispute(core, dispute, 'won');
      if (text === 'losing_evidence') return closeDispute(core, dispute, 'lost');
      core.raise('charge.dispute.updated', dispute);
      return dispute;
    })
    .on('POST', '/v1/disputes/{}/close', ({ core, args }) =>
      closeDispute(core, core.get('dispute', args[0] ?? ''), 'lost'),
    );
}
