// POST /api/webhooks/stripe: Stripe's events are nudges. The signature over the raw bytes is checked first
// (a bad one answers 400 and writes nothing); an event handled before is answered at once; otherwise the function of
// its type re-fetches the object it names from Stripe and acts on that, never on the event's copy or its order. The
// event is marked handled only after its function succeeded, so a failure is retried by Stripe.
import { clearOpenCheckoutSession } from '../../data/subscriptions';
import { isStripeEventHandled, markStripeEventHandled } from '../../data/stripe-events';
import { setStripeCustomerIdIfAbsent } from '../../data/accounts';
import type { StripeEventNudge } from '../../integrations/stripe/webhook-signature';
import { verifyStripeWebhook } from '../../integrations/stripe/webhook-signature';
import type { Logger } from '../../runtime/logger';
import type { PaymentsDependencies, StripeWebhookDependencies } from './dependencies';
import { recordChargePayment, recordChargeRefunds, recordDispute, recordInvoicePayment } from './money-in';
import { recordFailedRenewal } from './renewals';
import { recordConnectedAccountUpdate } from '../connect/onboarding';
import { recordConnectPayoutEvent, recordTransferEvent } from '../connect/payouts';
import { storeSubscription } from './subscriptions';

type EventFunction = (
  deps: PaymentsDependencies,
  objectId: string,
  log: Logger,
  event: StripeEventNudge,
) => Promise<void>;

/** `checkout.session.completed`: the fan's customer and subscription, and the pie if its invoice is paid already. */
async function onCheckoutCompleted(
  deps: PaymentsDependencies,
  sessionId: string,
  log: Logger,
): Promise<void> {
  const gateway = await deps.stripe();
  const session = await gateway.retrieveCheckoutSession(sessionId);
  if (session?.status !== 'complete' || !session.clientReferenceId) {
    log.info('stripe checkout not complete: nothing to do', { sessionId, status: session?.status ?? null });
    return;
  }
  const fanId = session.clientReferenceId;
  if (session.customerId) {
    await setStripeCustomerIdIfAbsent(deps.table, fanId, session.customerId, deps.clock.now());
  }
  await clearOpenCheckoutSession(deps.table, fanId, session.id);
  if (!session.subscriptionId) return;
  const askedAt = deps.clock.now();
  const subscription = await gateway.retrieveSubscription(session.subscriptionId);
  if (!subscription) return;
  await storeSubscription(deps, subscription, askedAt);
  if (subscription.latestInvoiceId) await recordInvoicePayment(deps, subscription.latestInvoiceId, log);
}

/** `customer.subscription.*`: the subscription as Stripe has it now (status, cancel at period end, period). */
async function onSubscriptionChanged(deps: PaymentsDependencies, subscriptionId: string): Promise<void> {
  const gateway = await deps.stripe();
  const askedAt = deps.clock.now();
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  if (subscription) await storeSubscription(deps, subscription, askedAt);
}

/** `invoice.paid`: the invoice's payment, booked once. */
async function onInvoicePaid(deps: PaymentsDependencies, invoiceId: string, log: Logger): Promise<void> {
  await recordInvoicePayment(deps, invoiceId, log);
}

/** `charge.succeeded`, `charge.updated`: the charge's payment, with whatever is known of its processing fee now. */
async function onChargePayment(deps: PaymentsDependencies, chargeId: string, log: Logger): Promise<void> {
  await recordChargePayment(deps, chargeId, log);
}

const eventFunctions: Readonly<Record<string, EventFunction>> = {
  'checkout.session.completed': onCheckoutCompleted,
  'invoice.paid': onInvoicePaid,
  'invoice.payment_failed': recordFailedRenewal,
  'customer.subscription.created': onSubscriptionChanged,
  'customer.subscription.updated': onSubscriptionChanged,
  'customer.subscription.deleted': onSubscriptionChanged,
  // The processing fee may be settled after the charge succeeded: either event books whatever is known now.
  'charge.succeeded': onChargePayment,
  'charge.updated': onChargePayment,
  'charge.refunded': recordChargeRefunds,
  // A dispute: opened, money withdrawn, evidence under review, money reinstated, decided. Each reads the dispute as
  // Stripe has it now, so any one of them books whatever has happened to its money.
  'charge.dispute.created': recordDispute,
  'charge.dispute.funds_withdrawn': recordDispute,
  'charge.dispute.updated': recordDispute,
  'charge.dispute.funds_reinstated': recordDispute,
  'charge.dispute.closed': recordDispute,
  // An office's connected account: onboarding finished, or Stripe needs something more.
  'account.updated': recordConnectedAccountUpdate,
  // Offices' payouts (decision 029): the transfer to the office's account, then its payout to the bank.
  'transfer.created': recordTransferEvent,
  'transfer.updated': recordTransferEvent,
  'transfer.reversed': recordTransferEvent,
  'payout.created': onConnectPayout,
  'payout.updated': onConnectPayout,
  'payout.paid': onConnectPayout,
  'payout.failed': onConnectPayout,
  'payout.canceled': onConnectPayout,
};

/** A payout event names the connected account it happened on: the payout is read from Stripe on that account. */
function onConnectPayout(
  deps: PaymentsDependencies,
  stripePayoutId: string,
  log: Logger,
  event: StripeEventNudge,
): Promise<void> {
  return recordConnectPayoutEvent(deps, { stripePayoutId, accountId: event.account }, log);
}

export type WebhookOutcome = 'handled' | 'repeated' | 'ignored';

/** Verifies, dedupes and handles one webhook delivery. */
export async function handleStripeWebhook(
  deps: StripeWebhookDependencies,
  delivery: { payload: Uint8Array; signature: string | undefined; log: Logger },
): Promise<WebhookOutcome> {
  const event: StripeEventNudge = verifyStripeWebhook({
    payload: delivery.payload,
    header: delivery.signature,
    secrets: await deps.webhookSecrets(),
    now: deps.clock.now(),
  });
  const log = delivery.log.child({ stripeEventId: event.id, stripeEventType: event.type });
  if (await isStripeEventHandled(deps.table, event.id)) {
    log.info('stripe event already handled');
    return 'repeated';
  }
  const handle = eventFunctions[event.type];
  if (!handle || !event.object.id) {
    log.info('stripe event acknowledged and ignored: no function for its type');
    return 'ignored';
  }
  await handle(deps, event.object.id, log, event);
  await markStripeEventHandled(deps.table, event, deps.clock.now());
  return 'handled';
}
