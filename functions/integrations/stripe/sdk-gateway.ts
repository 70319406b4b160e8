// The Stripe port on the real `stripe` SDK (API version pinned by the package). Pointed at another API root (the
// local sandbox) by host, port and protocol, so the same requests run here and against Stripe. Each reply is checked
// (schemas.ts) before the product reads it; Stripe being unreachable or failing is a 503 the person can retry, and
// an object Stripe does not know is null, so the use case decides what that means.
import Stripe from 'stripe';
import type * as z from 'zod/mini';
import { AppError } from '../../domain/errors';
import type {
  BalanceTransactionView,
  ChargeView,
  CheckoutSessionView,
  ConnectedAccountView,
  DisputeView,
  InvoiceView,
  ConnectPayoutView,
  RefundView,
  StripeGateway,
  StripeMoveOutcome,
  SubscriptionView,
  TransferView,
} from './port';
import {
  accountLinkSchema,
  accountSchema,
  balanceSchema,
  balanceTransactionSchema,
  billingPortalSessionSchema,
  chargeSchema,
  checkoutSessionSchema,
  customerSchema,
  disputeSchema,
  idOf,
  invoicePaymentListSchema,
  invoiceListSchema,
  invoiceSchema,
  listedBalanceTransactionSchema,
  loginLinkSchema,
  paymentIntentSchema,
  payoutSchema,
  refundListSchema,
  refundSchema,
  subscriptionListSchema,
  subscriptionSchema,
  transferReversalSchema,
  transferSchema,
} from './schemas';

export interface StripeGatewayConfig {
  apiKey: string;
  /** Another API root, e.g. the sandbox's `http://127.0.0.1:4010`; Stripe's own when undefined. */
  apiUrl: string | undefined;
  /** How long one request may take. */
  timeoutMs?: number;
}

const dayInterval = 'day';

/** The SDK's options for an API root: host, port and protocol of the URL. */
export function connectionOptionsOf(apiUrl: string | undefined): {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
} {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

function isStripeError(error: unknown): error is { type: string; code?: string; statusCode?: number } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string'
  );
}

const unavailableTypes = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
  'StripeAuthenticationError',
  'StripePermissionError',
]);

/** Stripe down, slow or refusing our key: the person may try again later; anything else is a bug, thrown as is. */
function toGatewayError(error: unknown): unknown {
  if (isStripeError(error) && (unavailableTypes.has(error.type) || (error.statusCode ?? 0) >= 500)) {
    return new AppError('unavailable', undefined, { code: 'payment_provider_unavailable', cause: error });
  }
  return error;
}

function isMissing(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toGatewayError(error);
  }
}

async function retrieveOrNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isMissing(error)) return null;
    throw toGatewayError(error);
  }
}

function fromSeconds(seconds: number): Date {
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

function toCheckoutSession(value: unknown): CheckoutSessionView {
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

function toTransferView(value: unknown): TransferView {
  const transfer = transferSchema.parse(value);
  return {
    id: transfer.id,
    amountCents: transfer.amount,
    amountReversedCents: transfer.amount_reversed,
    destination: idOf(transfer.destination),
    metadata: transfer.metadata ?? {},
  };
}

function toConnectPayoutView(value: unknown): ConnectPayoutView {
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

/**
 * A money movement Stripe may refuse for a reason of the request (no funds, payouts not enabled): the refusal is an
 * answer the use case acts on; Stripe down or failing is still a 503 (the same idempotency key retries it safely).
 */
async function move<T>(work: () => Promise<T>): Promise<StripeMoveOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isStripeError(error) && error.type === 'StripeInvalidRequestError') {
      return { ok: false, code: error.code ?? null, message: (error as { message?: string }).message ?? '' };
    }
    throw toGatewayError(error);
  }
}

type InvoicePayments = z.infer<typeof invoicePaymentListSchema>['data'];

function paidPaymentIntentsOf(payments: InvoicePayments): string[] {
  return payments
    .filter((payment) => payment.status === 'paid' && payment.payment.type === 'payment_intent')
    .map((payment) => idOf(payment.payment.payment_intent))
    .filter((id): id is string => id !== null);
}

export function createStripeGateway(config: StripeGatewayConfig): StripeGateway {
  const stripe = new Stripe(config.apiKey, {
    ...connectionOptionsOf(config.apiUrl),
    maxNetworkRetries: 2,
    timeout: config.timeoutMs ?? 10_000,
  });

  const listInvoicePayments = async (params: Stripe.InvoicePaymentListParams): Promise<InvoicePayments> =>
    invoicePaymentListSchema.parse(await call(() => stripe.invoicePayments.list({ limit: 100, ...params })))
      .data;

  const retrieveSubscription = (id: string) =>
    retrieveOrNull(async () => toSubscriptionView(await stripe.subscriptions.retrieve(id)));

  return {
    async createCustomer({ email, fanId, idempotencyKey }) {
      const customer = customerSchema.parse(
        await call(() => stripe.customers.create({ email, metadata: { fan_id: fanId } }, { idempotencyKey })),
      );
      return { id: customer.id };
    },

    async createCheckoutSession(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: input.clientReferenceId,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: input.amountCents,
                  recurring: { interval: dayInterval, interval_count: input.intervalDays },
                  product_data: { name: input.productName },
                },
              },
            ],
            metadata: input.metadata,
            subscription_data: { metadata: input.metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
        ),
      );
      return toCheckoutSession(session);
    },

    retrieveCheckoutSession(id) {
      return retrieveOrNull(async () => toCheckoutSession(await stripe.checkout.sessions.retrieve(id)));
    },

    async expireCheckoutSession(id) {
      const current = await retrieveOrNull(async () =>
        toCheckoutSession(await stripe.checkout.sessions.retrieve(id)),
      );
      if (current?.status !== 'open') return;
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (error) {
        // Paid or expired between the read and the expiry: it is not open any more, which is what was wanted.
        if (isStripeError(error) && error.type === 'StripeInvalidRequestError') return;
        throw toGatewayError(error);
      }
    },

    retrieveSubscription,

    async listSubscriptions(customerId) {
      const list = subscriptionListSchema.parse(
        await call(() => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 })),
      );
      return list.data.map((subscription) => toSubscriptionView(subscription));
    },

    async cancelSubscriptionAtPeriodEnd(id) {
      return toSubscriptionView(
        await call(() => stripe.subscriptions.update(id, { cancel_at_period_end: true })),
      );
    },

    async cancelSubscriptionNow(id) {
      const current = await retrieveSubscription(id);
      if (current?.status === 'canceled') return current;
      try {
        return toSubscriptionView(await stripe.subscriptions.cancel(id));
      } catch (error) {
        // Canceled by another call between the read and this one: Stripe answers it as missing.
        const after = isStripeError(error) ? await retrieveSubscription(id) : null;
        if (after?.status === 'canceled') return after;
        throw toGatewayError(error);
      }
    },

    async retrieveInvoice(id) {
      const raw = await retrieveOrNull(() => stripe.invoices.retrieve(id, { expand: ['payments'] }));
      if (raw === null) return null;
      const invoice = invoiceSchema.parse(raw);
      const line = invoice.lines.data[0];
      if (!line) throw new Error(`Stripe invoice ${invoice.id} has no line`);
      const payments = invoice.payments?.data ?? (await listInvoicePayments({ invoice: invoice.id }));
      const details = invoice.parent?.subscription_details ?? null;
      const view: InvoiceView = {
        id: invoice.id,
        status: invoice.status,
        billingReason: invoice.billing_reason ?? null,
        customerId: idOf(invoice.customer),
        subscriptionId: details ? idOf(details.subscription) : null,
        subscriptionMetadata: details?.metadata ?? {},
        amountPaidCents: invoice.amount_paid,
        periodStart: fromSeconds(line.period.start),
        periodEnd: fromSeconds(line.period.end),
        paidPaymentIntentIds: paidPaymentIntentsOf(payments),
      };
      return view;
    },

    async listPaidInvoicesOfSubscription(subscriptionId) {
      const found: { id: string; at: number }[] = [];
      let startingAfter: string | undefined;
      for (;;) {
        const page = invoiceListSchema.parse(
          await call(() =>
            stripe.invoices.list({
              subscription: subscriptionId,
              status: 'paid',
              limit: 100,
              ...(startingAfter ? { starting_after: startingAfter } : {}),
            }),
          ),
        );
        for (const invoice of page.data) {
          if (invoice.status === 'paid')
            found.push({ id: invoice.id, at: invoice.period_start ?? invoice.created ?? 0 });
        }
        const last = page.data.at(-1);
        if (!page.has_more || !last) break;
        startingAfter = last.id;
      }
      return found.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)).map((invoice) => invoice.id);
    },

    async findInvoiceOfPaymentIntent(paymentIntentId) {
      const payments = await listInvoicePayments({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      });
      const match = payments.find((payment) => idOf(payment.payment.payment_intent) === paymentIntentId);
      return match ? idOf(match.invoice) : null;
    },

    async findChargeOfPaymentIntent(paymentIntentId) {
      const raw = await retrieveOrNull(() => stripe.paymentIntents.retrieve(paymentIntentId));
      return raw === null ? null : idOf(paymentIntentSchema.parse(raw).latest_charge);
    },

    async retrieveCharge(id) {
      const raw = await retrieveOrNull(() =>
        stripe.charges.retrieve(id, { expand: ['balance_transaction'] }),
      );
      if (raw === null) return null;
      const charge = chargeSchema.parse(raw);
      let balance = charge.balance_transaction ?? null;
      if (typeof balance === 'string') {
        const id = balance;
        balance = balanceTransactionSchema.parse(await call(() => stripe.balanceTransactions.retrieve(id)));
      }
      const view: ChargeView = {
        id: charge.id,
        amountCents: charge.amount,
        amountRefundedCents: charge.amount_refunded,
        refunded: charge.refunded,
        paymentIntentId: idOf(charge.payment_intent),
        customerId: idOf(charge.customer),
        feeCents: balance ? balance.fee : null,
      };
      return view;
    },

    async listRefunds(chargeId) {
      const refunds: RefundView[] = [];
      let startingAfter: string | undefined;
      for (;;) {
        const page = refundListSchema.parse(
          await call(() =>
            stripe.refunds.list({
              charge: chargeId,
              limit: 100,
              ...(startingAfter ? { starting_after: startingAfter } : {}),
            }),
          ),
        );
        for (const refund of page.data) {
          refunds.push({
            id: refund.id,
            amountCents: refund.amount,
            createdAt: refund.created,
            status: refund.status ?? 'pending',
            chargeId: idOf(refund.charge) ?? chargeId,
          });
        }
        const last = page.data.at(-1);
        if (!page.has_more || !last) return refunds;
        startingAfter = last.id;
      }
    },

    refundCharge({ chargeId, amountCents, metadata, idempotencyKey }) {
      return move(async () => ({
        id: refundSchema.parse(
          await stripe.refunds.create(
            { charge: chargeId, ...(amountCents === undefined ? {} : { amount: amountCents }), metadata },
            { idempotencyKey },
          ),
        ).id,
      }));
    },

    async retrieveDispute(id) {
      const raw = await retrieveOrNull(() => stripe.disputes.retrieve(id));
      return raw === null ? null : toDisputeView(raw);
    },

    async createBillingPortalSession({ customerId, returnUrl }) {
      const session = billingPortalSessionSchema.parse(
        await call(() =>
          stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
        ),
      );
      return { url: session.url };
    },

    async createConnectedAccount({ officeId, idempotencyKey }) {
      // Nothing that differs between two admins (their e-mail, say) is sent: a replay with the same key must carry
      // the same parameters, or Stripe refuses it.
      return toConnectedAccountView(
        await call(() =>
          stripe.accounts.create(
            {
              controller: {
                fees: { payer: 'application' },
                losses: { payments: 'application' },
                stripe_dashboard: { type: 'express' },
                requirement_collection: 'stripe',
              },
              capabilities: { transfers: { requested: true } },
              // OpenPie pays out when the office asks (decision 029), so Stripe must not sweep the balance itself.
              settings: { payouts: { schedule: { interval: 'manual' } } },
              metadata: { officeId },
            },
            { idempotencyKey },
          ),
        ),
      );
    },

    retrieveConnectedAccount(id) {
      return retrieveOrNull(async () => toConnectedAccountView(await stripe.accounts.retrieve(id)));
    },

    async createAccountOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = accountLinkSchema.parse(
        await call(() =>
          stripe.accountLinks.create({
            account: accountId,
            type: 'account_onboarding',
            refresh_url: refreshUrl,
            return_url: returnUrl,
          }),
        ),
      );
      return { url: link.url };
    },

    async createLoginLink(accountId) {
      const link = loginLinkSchema.parse(await call(() => stripe.accounts.createLoginLink(accountId)));
      return { url: link.url };
    },

    createTransfer({ accountId, amountCents, transferGroup, metadata, idempotencyKey }) {
      return move(async () =>
        toTransferView(
          await stripe.transfers.create(
            {
              amount: amountCents,
              currency: 'usd',
              destination: accountId,
              transfer_group: transferGroup,
              metadata,
            },
            { idempotencyKey },
          ),
        ),
      );
    },

    retrieveTransfer(id) {
      return retrieveOrNull(async () => toTransferView(await stripe.transfers.retrieve(id)));
    },

    reverseTransfer({ transferId, amountCents, idempotencyKey }) {
      return move(async () => ({
        id: transferReversalSchema.parse(
          await stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey }),
        ).id,
      }));
    },

    createConnectPayout({ accountId, amountCents, metadata, idempotencyKey }) {
      return move(async () =>
        toConnectPayoutView(
          await stripe.payouts.create(
            { amount: amountCents, currency: 'usd', metadata },
            { idempotencyKey, stripeAccount: accountId },
          ),
        ),
      );
    },

    retrieveConnectPayout(accountId, payoutId) {
      return retrieveOrNull(async () =>
        toConnectPayoutView(await stripe.payouts.retrieve(payoutId, {}, { stripeAccount: accountId })),
      );
    },

    async listBalanceTransactions({ from, to, accountId, type, source }) {
      const transactions: BalanceTransactionView[] = [];
      const params: Stripe.BalanceTransactionListParams = {
        created: { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) },
        limit: 100,
        ...(type ? { type } : {}),
        ...(source ? { source } : {}),
      };
      // The SDK's auto-pagination: it follows `has_more` with `starting_after` until the last page.
      await call(async () => {
        const list = stripe.balanceTransactions.list(params, accountId ? { stripeAccount: accountId } : {});
        for await (const raw of list) {
          const transaction = listedBalanceTransactionSchema.parse(raw);
          transactions.push({
            id: transaction.id,
            amountCents: transaction.amount,
            feeCents: transaction.fee,
            netCents: transaction.net,
            currency: transaction.currency,
            reportingCategory: transaction.reporting_category,
            type: transaction.type,
            sourceId: idOf(transaction.source),
            created: fromSeconds(transaction.created),
          });
        }
      });
      return transactions;
    },

    async retrieveConnectBalance(accountId) {
      const balance = balanceSchema.parse(
        await call(() => stripe.balance.retrieve({}, { stripeAccount: accountId })),
      );
      const usd = (entries: { amount: number; currency: string }[]) =>
        entries.filter((entry) => entry.currency === 'usd').reduce((sum, entry) => sum + entry.amount, 0);
      return { availableCents: usd(balance.available), pendingCents: usd(balance.pending) };
    },
  };
}
