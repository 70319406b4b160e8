// What a dispute changes beyond the money (DESIGN §5): a fan who disputed a pie's payment with their bank is not
// billed again, so the subscription that payment belongs to is cancelled at once in Stripe (no further invoice), and
// the fan's stored subscription says so before Stripe's own event arrives. An inquiry, where the bank only asks and
// no money moves, stops nothing. Safe to call again for the same dispute, or twice at once: the second call finds the
// subscription cancelled and does nothing.
import type { DisputeView } from '../../integrations/stripe/port';
import type { Logger } from '../../runtime/logger';
import type { PaymentsDependencies } from './dependencies';
import { storeSubscription } from './subscriptions';

export type DisputeConsequence =
  | { stopped: true; subscriptionId: string }
  | { stopped: false; reason: 'inquiry' | 'not-a-subscription-payment' }
  | { stopped: false; reason: 'already-canceled'; subscriptionId: string };

/** The subscription a charge paid an invoice of, or null (not a subscription's payment, or unknown to Stripe). */
async function subscriptionOfCharge(deps: PaymentsDependencies, chargeId: string): Promise<string | null> {
  const gateway = await deps.stripe();
  const charge = await gateway.retrieveCharge(chargeId);
  if (!charge?.paymentIntentId) return null;
  const invoiceId = await gateway.findInvoiceOfPaymentIntent(charge.paymentIntentId);
  if (!invoiceId) return null;
  return (await gateway.retrieveInvoice(invoiceId))?.subscriptionId ?? null;
}

/** Cancels at once the subscription whose payment the fan disputed (not after an inquiry). */
export async function stopSubscriptionAfterDispute(
  deps: PaymentsDependencies,
  dispute: DisputeView,
  log?: Logger,
): Promise<DisputeConsequence> {
  if (dispute.isInquiry) return { stopped: false, reason: 'inquiry' };
  const subscriptionId = await subscriptionOfCharge(deps, dispute.chargeId);
  if (!subscriptionId) return { stopped: false, reason: 'not-a-subscription-payment' };
  const gateway = await deps.stripe();
  const current = await gateway.retrieveSubscription(subscriptionId);
  if (!current || current.status === 'canceled') {
    return { stopped: false, reason: 'already-canceled', subscriptionId };
  }
  const askedAt = deps.clock.now();
  const canceled = await gateway.cancelSubscriptionNow(subscriptionId);
  await storeSubscription(deps, canceled, askedAt);
  log?.info('subscription stopped after a dispute', { disputeId: dispute.id, subscriptionId });
  return { stopped: true, subscriptionId };
}
