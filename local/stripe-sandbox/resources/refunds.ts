// Refunds of a charge (by `charge` or `payment_intent`), whole or in part: a refund balance transaction,
// `charge.refunded` and `refund.created`. A chargeback's charge cannot be refunded; an inquiry's can, and a full
// refund closes the inquiry.
import type Stripe from 'stripe';
import type { SandboxCore } from '../core';
import { invalidRequest, missingParam } from '../errors';
import type { FormObject } from '../form';
import { filterBy, idOf, paginate } from '../lists';
import { createBalanceTransaction } from '../money';
import { optionalInteger, optionalString, readMetadata } from '../params';
import type { Router } from '../router';
import { templateRefund } from '../templates/charges';
import { closeInquiryOfRefundedCharge, disputeOfCharge } from './disputes';

function createRefund(core: SandboxCore, params: FormObject): Stripe.Refund {
  const chargeId = optionalString(params, 'charge');
  const intentId = optionalString(params, 'payment_intent');
  if (!chargeId && !intentId) throw missingParam('charge');
  const charge = chargeId
    ? core.get('charge', chargeId, 'charge', 'charge')
    : core.get(
        'charge',
        idOf(core.get('payment_intent', intentId ?? '', 'payment_intent', 'payment_intent').latest_charge) ??
          '',
        'charge',
        'payment_intent',
      );
  if (!charge.paid) throw invalidRequest(`Charge ${charge.id} has not been paid.`, 'charge');
  // A chargeback took the money back already; an inquiry leaves the charge refundable.
  if (charge.disputed && !disputeOfCharge(core, charge.id)?.is_charge_refundable) {
    throw invalidRequest(
      `Charge ${charge.id} has been charged back; cannot issue a refund.`,
      'charge',
      'charge_disputed',
    );
  }
  const remaining = charge.amount - charge.amount_refunded;
  const amount = optionalInteger(params, 'amount') ?? remaining;
  if (remaining === 0) {
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      'charge',
      'charge_already_refunded',
    );
  }
  if (amount <= 0 || amount > remaining) {
    throw invalidRequest(
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      'amount',
      'amount_too_large',
    );
  }
  const id = core.newId('re');
  const transaction = createBalanceTransaction(core, {
    amount: -amount,
    currency: charge.currency,
    fee: 0,
    feeDescription: '',
    source: id,
    type: 'refund',
    reportingCategory: 'refund',
    description: 'REFUND FOR CHARGE',
  });
  const refund: Stripe.Refund = {
    ...templateRefund(),
    id,
    amount,
    balance_transaction: transaction.id,
    charge: charge.id,
    created: core.now(),
    currency: charge.currency,
    metadata: readMetadata(params),
    payment_intent: charge.payment_intent,
    reason: (optionalString(params, 'reason') as Stripe.Refund.Reason | undefined) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  core.put('refund', refund);
  const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  if (charge.refunds) charge.refunds = { ...charge.refunds, data: [refund, ...charge.refunds.data] };
  core.raise('refund.created', refund);
  core.raise('charge.refunded', charge, previous);
  closeInquiryOfRefundedCharge(core, charge);
  return refund;
}

export function register(router: Router): void {
  router
    .on('POST', '/v1/refunds', ({ core, params }) => createRefund(core, params))
    .on('GET', '/v1/refunds', ({ core, params }) => {
      let refunds = filterBy(core.all('refund'), params, 'charge', (r) => idOf(r.charge));
      refunds = filterBy(refunds, params, 'payment_intent', (r) => idOf(r.payment_intent));
      return paginate(core, refunds, params, '/v1/refunds');
    })
    .on('GET', '/v1/refunds/{}', ({ core, args }) => core.get('refund', args[0] ?? ''));
}
