// Stripe's replies are a boundary: the fields the product relies on are checked here (API 2026-10-28.endive), so a
// shape drift fails loudly at the call instead of booking wrong money. Everything else passes through unread.
import * as z from 'zod/mini';
import { subscriptionStatuses } from '../../contracts/payments';
import { disputeStatuses } from './port';

/** A field Stripe answers as an id, or as the object when expanded. */
const idOrObject = z.union([z.string(), z.looseObject({ id: z.string() })]);
const metadata = z._default(z.nullable(z.record(z.string(), z.string())), {});
const cents = z.number().check(z.int());
const unixSeconds = z.number().check(z.int(), z.gte(0));

export function idOf(value: z.infer<typeof idOrObject> | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

export const customerSchema = z.looseObject({ id: z.string(), object: z.literal('customer') });

export const checkoutSessionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('checkout.session'),
  url: z.optional(z.nullable(z.string())),
  status: z.enum(['open', 'complete', 'expired']),
  customer: z.optional(z.nullable(idOrObject)),
  subscription: z.optional(z.nullable(idOrObject)),
  client_reference_id: z.optional(z.nullable(z.string())),
  metadata,
});

export const subscriptionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('subscription'),
  customer: idOrObject,
  status: z.enum(subscriptionStatuses),
  cancel_at_period_end: z.boolean(),
  metadata,
  latest_invoice: z.optional(z.nullable(idOrObject)),
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        current_period_start: unixSeconds,
        current_period_end: unixSeconds,
        price: z.optional(
          z.looseObject({
            unit_amount: z.optional(z.nullable(cents)),
            recurring: z.optional(
              z.nullable(z.looseObject({ interval: z.string(), interval_count: z.number().check(z.int()) })),
            ),
          }),
        ),
      }),
    ),
  }),
});

const invoicePaymentSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  invoice: z.optional(idOrObject),
  payment: z.looseObject({
    type: z.string(),
    payment_intent: z.optional(z.nullable(idOrObject)),
  }),
});

export const invoicePaymentListSchema = z.looseObject({ data: z.array(invoicePaymentSchema) });

export const invoiceSchema = z.looseObject({
  id: z.string(),
  object: z.literal('invoice'),
  status: z.nullable(z.string()),
  billing_reason: z.optional(z.nullable(z.string())),
  customer: z.optional(z.nullable(idOrObject)),
  amount_paid: cents,
  parent: z.optional(
    z.nullable(
      z.looseObject({
        subscription_details: z.optional(z.nullable(z.looseObject({ subscription: idOrObject, metadata }))),
      }),
    ),
  ),
  lines: z.looseObject({
    data: z.array(z.looseObject({ period: z.looseObject({ start: unixSeconds, end: unixSeconds }) })),
  }),
  payments: z.optional(z.looseObject({ data: z.array(invoicePaymentSchema) })),
});

export const paymentIntentSchema = z.looseObject({
  id: z.string(),
  object: z.literal('payment_intent'),
  latest_charge: z.optional(z.nullable(idOrObject)),
});

export const balanceTransactionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('balance_transaction'),
  fee: cents,
});

/** A balance transaction as a list gives it, with what reconciliation compares. */
export const listedBalanceTransactionSchema = z.looseObject({
  id: z.string(),
  object: z.literal('balance_transaction'),
  amount: cents,
  fee: cents,
  net: cents,
  currency: z.string(),
  reporting_category: z.string(),
  type: z.string(),
  source: z.optional(z.nullable(idOrObject)),
  created: unixSeconds,
});

export const chargeSchema = z.looseObject({
  id: z.string(),
  object: z.literal('charge'),
  amount: cents,
  amount_refunded: cents,
  refunded: z.boolean(),
  payment_intent: z.optional(z.nullable(idOrObject)),
  customer: z.optional(z.nullable(idOrObject)),
  balance_transaction: z.optional(z.nullable(z.union([z.string(), balanceTransactionSchema]))),
});

export const refundListSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      object: z.literal('refund'),
      amount: cents,
      created: z.number(),
      status: z.nullable(z.string()),
      charge: z.optional(z.nullable(idOrObject)),
    }),
  ),
  has_more: z.boolean(),
});

/** A dispute with its balance transactions, which Stripe always embeds: absent ones would read as an inquiry. */
export const disputeSchema = z.looseObject({
  id: z.string(),
  object: z.literal('dispute'),
  amount: cents,
  currency: z.string(),
  charge: idOrObject,
  status: z.enum(disputeStatuses),
  balance_transactions: z.array(
    z.looseObject({
      id: z.string(),
      object: z.literal('balance_transaction'),
      amount: cents,
      fee: cents,
      net: cents,
      reporting_category: z.string(),
    }),
  ),
});

export const subscriptionListSchema = z.looseObject({ data: z.array(subscriptionSchema) });

export const billingPortalSessionSchema = z.looseObject({ id: z.string(), url: z.string() });

export const invoiceListSchema = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      status: z.nullable(z.string()),
      period_start: z.optional(unixSeconds),
      created: z.optional(unixSeconds),
    }),
  ),
  has_more: z.boolean(),
});

// Connect.
export const accountSchema = z.looseObject({
  id: z.string(),
  object: z.literal('account'),
  charges_enabled: z.optional(z.nullable(z.boolean())),
  payouts_enabled: z.optional(z.nullable(z.boolean())),
  details_submitted: z.optional(z.nullable(z.boolean())),
  requirements: z.optional(
    z.nullable(
      z.looseObject({
        currently_due: z.optional(z.nullable(z.array(z.string()))),
        disabled_reason: z.optional(z.nullable(z.string())),
      }),
    ),
  ),
  metadata,
});

export const accountLinkSchema = z.looseObject({ object: z.literal('account_link'), url: z.string() });

export const loginLinkSchema = z.looseObject({ object: z.literal('login_link'), url: z.string() });

// Payouts to offices: transfers, their reversals, payouts of connected accounts, balances.
export const transferSchema = z.looseObject({
  id: z.string(),
  object: z.literal('transfer'),
  amount: cents,
  amount_reversed: cents,
  destination: z.optional(z.nullable(idOrObject)),
  metadata,
});

export const refundSchema = z.looseObject({
  id: z.string(),
  object: z.literal('refund'),
});

export const transferReversalSchema = z.looseObject({
  id: z.string(),
  object: z.literal('transfer_reversal'),
});

export const payoutSchema = z.looseObject({
  id: z.string(),
  object: z.literal('payout'),
  amount: cents,
  status: z.string(),
  arrival_date: unixSeconds,
  failure_message: z.optional(z.nullable(z.string())),
  metadata,
});

export const balanceSchema = z.looseObject({
  object: z.literal('balance'),
  available: z.array(z.looseObject({ amount: z.number().check(z.int()), currency: z.string() })),
  pending: z.array(z.looseObject({ amount: z.number().check(z.int()), currency: z.string() })),
});
