// Subscriptions and their invoices: the first invoice of a Checkout, renewals when the clock passes the period end
// (in this API version the period lives on the subscription item), and dunning: a failed renewal makes the
// subscription `past_due`, the invoice is retried 1, 3 and 5 days after the failure, then the subscription is
// `unpaid` (Stripe's "mark the subscription unpaid" setting).
import type Stripe from 'stripe';
import type { SandboxCore } from './core';
import { daySeconds } from './core';
import { idOf } from './lists';
import type { ChargeResult } from './money';
import { chargeCard, settleChargeFunds } from './money';
import { openDispute } from './resources/disputes';
import {
  templateInvoice,
  templateInvoiceLineItem,
  templateInvoicePayment,
  templateSubscription,
  templateSubscriptionItem,
} from './templates/subscriptions';

export const retryAfterDays = [1, 3, 5];

export function addInterval(start: number, recurring: Stripe.Price.Recurring): number {
  const count = recurring.interval_count;
  if (recurring.interval === 'day') return start + count * daySeconds;
  if (recurring.interval === 'week') return start + count * 7 * daySeconds;
  const date = new Date(start * 1000);
  if (recurring.interval === 'month') date.setUTCMonth(date.getUTCMonth() + count);
  else date.setUTCFullYear(date.getUTCFullYear() + count);
  return Math.floor(date.getTime() / 1000);
}

export function firstItem(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no item`);
  return item;
}

export function buildSubscription(
  core: SandboxCore,
  input: { customer: string; price: Stripe.Price; metadata: Record<string, string>; paymentMethod: string },
): Stripe.Subscription {
  const now = core.now();
  const recurring = input.price.recurring;
  if (!recurring) throw new Error('A subscription needs a recurring price');
  const id = core.newId('sub');
  const template = templateSubscription();
  const item: Stripe.SubscriptionItem = {
    ...templateSubscriptionItem(),
    id: core.newId('si'),
    created: now,
    current_period_start: now,
    current_period_end: addInterval(now, recurring),
    discounts: [],
    metadata: {},
    price: input.price,
    plan: planOf(input.price, recurring),
    quantity: 1,
    subscription: id,
    tax_rates: [],
    billing_thresholds: null,
    current_trial: null,
  };
  return {
    ...template,
    id,
    automatic_tax: { enabled: false, liability: null, disabled_reason: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null, feedback_option: null },
    created: now,
    currency: input.price.currency,
    customer: input.customer,
    default_payment_method: input.paymentMethod,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    pause_collection: null,
    pending_invoice_item_interval: null,
    start_date: now,
    status: 'active',
    trial_end: null,
    trial_start: null,
  };
}

function planOf(price: Stripe.Price, recurring: Stripe.Price.Recurring): Stripe.Plan {
  return {
    ...templateSubscriptionItem().plan,
    id: price.id,
    active: true,
    amount: price.unit_amount,
    amount_decimal: null,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: {},
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

/** A finalized (open) invoice for the subscription's current period; raises invoice.created and invoice.finalized. */
export function createSubscriptionInvoice(
  core: SandboxCore,
  subscription: Stripe.Subscription,
  billingReason: 'subscription_create' | 'subscription_cycle',
): Stripe.Invoice {
  const now = core.now();
  const item = firstItem(subscription);
  const amount = item.price.unit_amount ?? 0;
  const id = core.newId('in');
  const template = templateInvoice();
  const customer = core.find('customer', idOf(subscription.customer) ?? '');
  const line: Stripe.InvoiceLineItem = {
    ...templateInvoiceLineItem(),
    id: core.newId('il'),
    amount,
    currency: subscription.currency,
    description: `1 × ${productName(core, item.price)} (at $${(amount / 100).toFixed(2)} / ${intervalWords(item.price)})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    metadata: subscription.metadata,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: item.price.id, product: productIdOf(item.price) },
      unit_amount_decimal: null,
    },
    quantity: 1,
    quantity_decimal: null,
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  };
  const invoice: Stripe.Invoice = {
    ...template,
    id,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    automatic_tax: { enabled: false, liability: null, status: null, disabled_reason: null, provider: null },
    billing_reason: billingReason,
    created: now,
    currency: subscription.currency,
    customer: idOf(subscription.customer) ?? '',
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    default_payment_method: null,
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    from_invoice: null,
    hosted_invoice_url: `${core.publicUrl}/_sandbox/stripe/invoice/${id}`,
    last_finalization_error: null,
    lines: { object: 'list', data: [line], has_more: false, url: `/v1/invoices/${id}/lines` },
    metadata: {},
    next_payment_attempt: now,
    number: `OPENPIE-${String(core.state.sequence).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
    },
    payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
    period_end: billingReason === 'subscription_create' ? now : item.current_period_start,
    period_start: billingReason === 'subscription_create' ? now : now,
    status: 'open',
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
  };
  core.put('invoice', invoice);
  subscription.latest_invoice = id;
  core.raise('invoice.created', invoice);
  core.raise('invoice.finalized', invoice);
  return invoice;
}

function productIdOf(price: Stripe.Price): string {
  return typeof price.product === 'string' ? price.product : price.product.id;
}

function productName(core: SandboxCore, price: Stripe.Price): string {
  return core.find('product', productIdOf(price))?.name ?? 'Product';
}

function intervalWords(price: Stripe.Price): string {
  const recurring = price.recurring;
  if (!recurring) return 'once';
  return recurring.interval_count === 1
    ? recurring.interval
    : `every ${recurring.interval_count} ${recurring.interval}s`;
}

/**
 * Charges an open invoice with the subscription's card. On success: the invoice payment, invoice.paid and
 * invoice.payment_succeeded. On failure: invoice.payment_failed. The charge's funds (charge.updated) and a
 * dispute follow after the caller's own events, via `afterCharge`.
 */
export function attemptInvoicePayment(
  core: SandboxCore,
  invoice: Stripe.Invoice,
  paymentMethod: string,
): ChargeResult {
  const result = chargeCard(core, {
    amount: invoice.amount_due,
    currency: invoice.currency,
    customer: idOf(invoice.customer),
    paymentMethod,
    description:
      invoice.billing_reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
  });
  const now = core.now();
  invoice.attempt_count += 1;
  invoice.attempted = true;
  const payment: Stripe.InvoicePayment = {
    ...templateInvoicePayment(),
    id: core.newId('inpay'),
    amount_paid: result.ok ? invoice.amount_due : null,
    amount_requested: invoice.amount_due,
    created: now,
    currency: invoice.currency,
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: result.paymentIntent.id },
    status: result.ok ? 'paid' : 'open',
    status_transitions: { canceled_at: null, paid_at: result.ok ? now : null },
  };
  if (!result.ok) {
    // Only a successful attempt stays on the invoice: a failed one is replaced by the next.
    invoice.next_payment_attempt = null;
    core.raise('invoice.payment_failed', invoice);
    return result;
  }
  core.put('invoice_payment', payment);
  invoice.payments = { ...(invoice.payments ?? emptyPayments(invoice.id)), data: [payment] };
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.status = 'paid';
  invoice.next_payment_attempt = null;
  invoice.status_transitions = { ...invoice.status_transitions, paid_at: now };
  core.raise('invoice_payment.paid', payment);
  core.raise('invoice.paid', invoice);
  core.raise('invoice.payment_succeeded', invoice);
  return result;
}

function emptyPayments(invoiceId: string): Stripe.ApiList<Stripe.InvoicePayment> {
  return { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${invoiceId}` };
}

/** What follows a successful charge once the caller's events are out: Stripe's fee, then a dispute card's dispute. */
export function afterCharge(core: SandboxCore, result: ChargeResult): void {
  if (!result.ok) return;
  settleChargeFunds(core, result.charge);
  if (result.outcome.dispute) openDispute(core, result.charge, result.outcome.dispute);
}

/** The renewal timer: the period moves on, a `subscription_cycle` invoice is charged, dunning starts on failure. */
export function renewSubscription(core: SandboxCore, subscriptionId: string): void {
  const subscription = core.find('subscription', subscriptionId);
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'unpaid') return;
  const item = firstItem(subscription);
  const previous = JSON.parse(JSON.stringify(subscription)) as Stripe.Subscription;
  if (subscription.cancel_at_period_end) {
    endSubscription(core, subscription, 'cancellation_requested');
    return;
  }
  const recurring = item.price.recurring;
  if (!recurring) return;
  item.current_period_start = item.current_period_end;
  item.current_period_end = addInterval(item.current_period_start, recurring);
  const invoice = createSubscriptionInvoice(core, subscription, 'subscription_cycle');
  const result = attemptInvoicePayment(core, invoice, paymentMethodOf(subscription));
  if (!result.ok) {
    subscription.status = 'past_due';
    scheduleRetry(core, invoice, 0);
  }
  core.raise('customer.subscription.updated', subscription, {
    items: previous.items,
    latest_invoice: previous.latest_invoice,
    ...(previous.status === subscription.status ? {} : { status: previous.status }),
  });
  afterCharge(core, result);
  core.schedule({ at: item.current_period_end, kind: 'renew', subscription: subscription.id });
}

function scheduleRetry(core: SandboxCore, invoice: Stripe.Invoice, retriesDone: number): void {
  const days = retryAfterDays[retriesDone];
  if (days === undefined) return;
  const firstFailure = invoice.created;
  const at = firstFailure + days * daySeconds;
  invoice.next_payment_attempt = at;
  core.schedule({ at, kind: 'retry', invoice: invoice.id });
}

/** The dunning timer: charges the open invoice again; after the last failed retry the subscription is `unpaid`. */
export function retryInvoice(core: SandboxCore, invoiceId: string): void {
  const invoice = core.find('invoice', invoiceId);
  if (!invoice || invoice.status !== 'open') return;
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  const subscription = subscriptionId ? core.find('subscription', idOf(subscriptionId) ?? '') : undefined;
  if (!subscription || subscription.status === 'canceled') return;
  const result = attemptInvoicePayment(core, invoice, paymentMethodOf(subscription));
  const previousStatus = subscription.status;
  if (result.ok) {
    subscription.status = 'active';
  } else {
    const retriesDone = invoice.attempt_count - 1;
    if (retriesDone >= retryAfterDays.length) subscription.status = 'unpaid';
    else scheduleRetry(core, invoice, retriesDone);
  }
  if (previousStatus !== subscription.status) {
    core.raise('customer.subscription.updated', subscription, { status: previousStatus });
  }
  afterCharge(core, result);
}

export function paymentMethodOf(subscription: Stripe.Subscription): string {
  return idOf(subscription.default_payment_method) ?? '';
}

export function endSubscription(
  core: SandboxCore,
  subscription: Stripe.Subscription,
  reason: Stripe.Subscription.CancellationDetails.Reason,
): void {
  const now = core.now();
  subscription.status = 'canceled';
  subscription.canceled_at ??= now;
  subscription.ended_at = now;
  subscription.cancellation_details = {
    ...subscription.cancellation_details,
    reason,
  } as Stripe.Subscription.CancellationDetails;
  core.unschedule((timer) => timer.kind === 'renew' && timer.subscription === subscription.id);
  core.raise('customer.subscription.deleted', subscription);
}
