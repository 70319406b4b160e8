// Stripe's replies as the port's views (port.ts): each reply checked by its schema (schemas.ts) first, amounts in
// cents, times as dates, expanded objects reduced to their ids.
import type * as z from 'zod/mini';
import type {
  CheckoutSessionView,
  ConnectedAccountView,
  DisputeView,
  ConnectPayoutView,
  SubscriptionView,
  TransferView,
} from './port';
import type { invoicePaymentListSchema } from './schemas';
import {
  accountSchema,
  checkoutSessionSchema,
  disputeSchema,
  idOf,
  payoutSchema,
  subscriptionSchema,
  transferSchema,
} from './schemas';

/** Stripe's one recurring interval the product uses: a pie lasts a number of days. */
export const dayInterval = 'day';

export function fromSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/** A dispute as the booking reads it: what Stripe withdrew and reinstated, from its balance transactions. */
export function toDisputeView(value: unknown): DisputeView {
  const dispute = disputeSchema.parse(value);
  const balanceTransactions = dispute.balance_transactions.map((transaction) => ({
    id: transaction.id,
    amountCents: transaction.amount,
    feeCents: transaction.fee,
    netCents: transaction.net,
    reportingCategory: transaction.reporting_category,
  }));
  return {
    id: dispute.id,
    amountCents: dispute.amount,
    currency: dispute.currency,
    chargeId: idOf(dispute.charge) ?? '',
    status: dispute.status,
    isInquiry: dispute.status.startsWith('warning_'),
    balanceTransactions,
    fundsWithdrawn: balanceTransactions.some((t) => t.reportingCategory === 'dispute'),
    fundsReinstated: balanceTransactions.some((t) => t.reportingCategory === 'dispute_reversal'),
    feeCents: balanceTransactions.reduce((sum, t) => sum + Math.max(0, t.feeCents), 0),
  };
}

export function toCheckoutSession(value: unknown): CheckoutSessionView {
  const session = checkoutSessionSchema.parse(value);
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status,
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
    clientReferenceId: session.client_reference_id ?? null,
    metadata: session.metadata ?? {},
  };
}

export function toSubscriptionView(value: unknown): SubscriptionView {
  const subscription = subscriptionSchema.parse(value);
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no item`);
  const recurring = item.price?.recurring ?? null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodStart: fromSeconds(item.current_period_start),
    currentPeriodEnd: fromSeconds(item.current_period_end),
    metadata: subscription.metadata ?? {},
    amountCents: item.price?.unit_amount ?? null,
    intervalDays: recurring?.interval === dayInterval ? recurring.interval_count : null,
    latestInvoiceId: idOf(subscription.latest_invoice),
  };
}

export function toConnectedAccountView(value: unknown): ConnectedAccountView {
  const account = accountSchema.parse(value);
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    currentlyDue: account.requirements?.currently_due ?? [],
    disabledReason: account.requirements?.disabled_reason ?? null,
    metadata: account.metadata ?? {},
  };
}

export function toTransferView(value: unknown): TransferView {
  const transfer = transferSchema.parse(value);
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    amountReversedCents: transfer.amount_reversed,
    destination: idOf(transfer.destination),
    metadata: transfer.metadata ?? {},
  };
}

export function toConnectPayoutView(value: unknown): ConnectPayoutView {
  const payout = payoutSchema.parse(value);
  return {
    id: payout.id,
    amountCents: payout.amount,
    status: payout.status,
    arrivalDate: fromSeconds(payout.arrival_date),
    failureMessage: payout.failure_message ?? null,
    metadata: payout.metadata ?? {},
  };
}

export type InvoicePayments = z.infer<typeof invoicePaymentListSchema>['data'];

export function paidPaymentIntentsOf(payments: InvoicePayments): string[] {
  return payments
    .filter((payment) => payment.status === 'paid' && payment.payment.type === 'payment_intent')
    .map((payment) => idOf(payment.payment.payment_intent))
    .filter((id): id is string => id !== null);
}
