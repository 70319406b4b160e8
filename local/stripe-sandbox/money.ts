// Charging a card the way Stripe does with async capture: a payment intent and its charge first (the charge's
// `balance_transaction` still null), then the balance transaction with Stripe's fee, announced by `charge.updated`.
import type Stripe from 'stripe';
import type { CardOutcome } from './cards';
import { cardOutcome } from './cards';
import type { SandboxCore } from './core';
import { daySeconds } from './core';
import { templateBalanceTransaction, templateCharge, templatePaymentIntent } from './templates/charges';

/** Stripe US cards: 2.9% rounded half up, plus 30¢. */
export function processingFee(amount: number): number {
  return Math.floor((amount * 290 + 5000) / 10000) + 30;
}

export const disputeFee = 1500;
export const fundsDelaySeconds = 2 * daySeconds;

export interface ChargeRequest {
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethod: string;
  description: string | null;
  metadata?: Record<string, string>;
}

export type ChargeResult =
  | {
      ok: true;
      paymentIntent: Stripe.PaymentIntent;
      charge: Stripe.Charge;
      outcome: CardOutcome & { ok: true };
    }
  | {
      ok: false;
      paymentIntent: Stripe.PaymentIntent;
      charge: Stripe.Charge;
      outcome: CardOutcome & { ok: false };
    };

/** Charges the card behind `paymentMethod`; raises charge.succeeded / payment_intent.succeeded or the failures. */
export function chargeCard(core: SandboxCore, request: ChargeRequest): ChargeResult {
  const number = core.state.cards[request.paymentMethod] ?? '';
  const outcome = cardOutcome(number);
  const now = core.now();
  const paymentIntent: Stripe.PaymentIntent = {
    ...templatePaymentIntent(),
    id: core.newId('pi'),
    amount: request.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: outcome.ok ? request.amount : 0,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: null,
    created: now,
    currency: request.currency,
    customer: request.customer,
    description: request.description,
    last_payment_error: null,
    latest_charge: null,
    metadata: request.metadata ?? {},
    next_action: null,
    payment_method: request.paymentMethod,
    payment_method_types: ['card'],
    processing: null,
    status: 'processing',
  };
  const charge = buildCharge(core, paymentIntent, request, number, outcome);
  paymentIntent.latest_charge = charge.id;
  if (outcome.ok) {
    paymentIntent.status = 'succeeded';
  } else {
    paymentIntent.status = 'requires_payment_method';
    paymentIntent.last_payment_error = {
      type: 'card_error',
      code: outcome.code,
      ...(outcome.declineCode ? { decline_code: outcome.declineCode } : {}),
      message: outcome.message,
      charge: charge.id,
    };
  }
  core.put('payment_intent', paymentIntent);
  core.put('charge', charge);
  if (outcome.ok) {
    core.raise('charge.succeeded', charge);
    core.raise('payment_intent.succeeded', paymentIntent);
    return { ok: true, paymentIntent, charge, outcome };
  }
  core.raise('charge.failed', charge);
  core.raise('payment_intent.payment_failed', paymentIntent);
  return { ok: false, paymentIntent, charge, outcome };
}

function buildCharge(
  core: SandboxCore,
  paymentIntent: Stripe.PaymentIntent,
  request: ChargeRequest,
  number: string,
  outcome: CardOutcome,
): Stripe.Charge {
  const template = templateCharge();
  return {
    ...template,
    id: core.newId('ch'),
    amount: request.amount,
    amount_captured: outcome.ok ? request.amount : 0,
    amount_refunded: 0,
    balance_transaction: null,
    billing_details: { ...template.billing_details, name: null },
    calculated_statement_descriptor: 'OPENPIE',
    captured: outcome.ok,
    created: core.now(),
    currency: request.currency,
    customer: request.customer,
    description: request.description,
    disputed: false,
    failure_code: outcome.ok ? null : outcome.code,
    failure_message: outcome.ok ? null : outcome.message,
    metadata: request.metadata ?? {},
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: outcome.ok ? 'approved_by_network' : 'declined_by_network',
      reason: outcome.ok ? null : (outcome.declineCode ?? outcome.code),
      risk_level: 'normal',
      seller_message: outcome.ok ? 'Payment complete.' : 'The bank did not return any further details.',
      type: outcome.ok ? 'authorized' : 'issuer_declined',
    },
    paid: outcome.ok,
    payment_intent: paymentIntent.id,
    payment_method: request.paymentMethod,
    payment_method_details: {
      type: 'card',
      card: {
        ...(template.payment_method_details?.card ?? cardDetailsFallback()),
        brand: outcome.ok ? outcome.brand : 'visa',
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: new Date(core.now() * 1000).getUTCFullYear() + 3,
      },
    },
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: '/v1/refunds' },
    review: null,
    source_transfer: null,
    status: outcome.ok ? 'succeeded' : 'failed',
  };
}

function cardDetailsFallback(): NonNullable<NonNullable<Stripe.Charge['payment_method_details']>['card']> {
  const card = templateCharge().payment_method_details?.card;
  if (!card) throw new Error('The charge template has no card details');
  return card;
}

export interface BalanceTransactionRequest {
  amount: number;
  currency: string;
  fee: number;
  feeDescription: string;
  source: string;
  type: Stripe.BalanceTransaction.Type;
  reportingCategory: string;
  description: string | null;
  /** The connected account whose balance it moves; the platform's when absent. */
  account?: string | null;
  /** Unix seconds; two days after now when absent. */
  availableOn?: number;
}

export function createBalanceTransaction(
  core: SandboxCore,
  request: BalanceTransactionRequest,
): Stripe.BalanceTransaction {
  const now = core.now();
  const availableOn = request.availableOn ?? now + fundsDelaySeconds;
  const transaction: Stripe.BalanceTransaction = {
    ...templateBalanceTransaction(),
    id: core.newId('txn'),
    amount: request.amount,
    available_on: availableOn,
    created: now,
    currency: request.currency,
    description: request.description,
    exchange_rate: null,
    fee: request.fee,
    fee_details:
      request.fee === 0
        ? []
        : [
            {
              amount: request.fee,
              application: null,
              currency: request.currency,
              description: request.feeDescription,
              type: 'stripe_fee',
            },
          ],
    net: request.amount - request.fee,
    reporting_category: request.reportingCategory,
    source: request.source,
    status: availableOn <= now ? 'available' : 'pending',
    type: request.type,
  };
  core.put('balance_transaction', transaction);
  if (request.account) core.state.owners[transaction.id] = request.account;
  if (availableOn > now)
    core.schedule({ at: availableOn, kind: 'available', balanceTransaction: transaction.id });
  return transaction;
}

/** The charge's balance transaction (Stripe's fee), set after the charge and announced by `charge.updated`. */
export function settleChargeFunds(core: SandboxCore, charge: Stripe.Charge): Stripe.BalanceTransaction {
  const transaction = createBalanceTransaction(core, {
    amount: charge.amount,
    currency: charge.currency,
    fee: processingFee(charge.amount),
    feeDescription: 'Stripe processing fees',
    source: charge.id,
    type: 'charge',
    reportingCategory: 'charge',
    description: charge.description,
    // Counted from the charge, as Stripe counts it: settled a second later, the funds came a second late.
    availableOn: charge.created + fundsDelaySeconds,
  });
  charge.balance_transaction = transaction.id;
  core.raise('charge.updated', charge, { balance_transaction: null });
  return transaction;
}
