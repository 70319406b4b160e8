// A deleted fan is never charged again (SPEC §7, docs/decisions/032-deleting-accounts.md). The fan's account is erased
// by the sign-in Lambda, which holds no Stripe key; its erasure writes `fan.deleted` to the outbox in the same
// transaction, and the bus consumer with the Stripe secret cancels every subscription of the fan here, at once (no
// proration, no refund: the pie already paid for runs to its end and is split as any other). Stripe's own list of the
// fan's customer decides, so a subscription whose webhook has not arrived yet is cancelled too.
import type { DomainEventDetail } from '../../contracts/events';
import type { Logger } from '../../runtime/logger';
import type { PaymentsDependencies } from './dependencies';
import { fanIdOf, storeSubscription } from './subscriptions';

/** Statuses in which a subscription is over: Stripe will never charge it again. */
const endedStatuses: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/**
 * Cancels at once every subscription of the deleted fan that Stripe could still charge, and stores each as Stripe
 * answers it. Delivery is at least once: a second delivery finds them ended and cancels nothing. Stripe unreachable
 * throws (503 `payment_provider_unavailable`), so the bus delivers again and, after its retries, the event waits in
 * the dead-letter queue, whose alarm pages staff: the cancellation is never dropped in silence.
 */
export async function stopPaymentsOfDeletedFan(
  deps: PaymentsDependencies,
  detail: DomainEventDetail<'fan.deleted'>,
  log: Logger,
): Promise<{ canceled: string[] }> {
  if (!detail.stripeCustomerId) return { canceled: [] };
  const gateway = await deps.stripe();
  const subscriptions = await gateway.listSubscriptions(detail.stripeCustomerId);
  const canceled: string[] = [];
  for (const subscription of subscriptions) {
    if (fanIdOf(subscription) !== detail.fanId || endedStatuses.has(subscription.status)) continue;
    const askedAt = deps.clock.now();
    await storeSubscription(deps, await gateway.cancelSubscriptionNow(subscription.id), askedAt);
    canceled.push(subscription.id);
  }
  log.info('subscriptions of a deleted fan canceled', { fanId: detail.fanId, canceled });
  return { canceled };
}
