// The fan-payment side of the Stripe port on the SDK: customers, Checkout and the billing portal, subscriptions and
// their invoices, charges, refunds and disputes.
import type Stripe from 'stripe';
import type { StripeClient } from './resources-used';
import type { StripeConnectPort } from './sdk-connect';
import type { ChargeView, InvoiceView, RefundView, StripeGateway } from './port';
import {
  balanceTransactionSchema,
  billingPortalSessionSchema,
  chargeSchema,
  customerSchema,
  idOf,
  invoicePaymentListSchema,
  invoiceListSchema,
  invoiceSchema,
  paymentIntentSchema,
  refundListSchema,
  refundSchema,
  subscriptionListSchema,
} from './schemas';
import { call, isStripeError, move, retrieveOrNull, toGatewayError } from './sdk-calls';
import {
  dayInterval,
  fromSeconds,
  paidPaymentIntentsOf,
  toCheckoutSession,
  toDisputeView,
  toSubscriptionView,
} from './sdk-views';
import type { InvoicePayments } from './sdk-views';

/** The port's methods that take and give back fans' money (every method that is not Connect's). */
export type StripePaymentsPort = Omit<StripeGateway, keyof StripeConnectPort>;

export function createStripePayments(stripe: StripeClient): StripePaymentsPort {
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
  };
}
