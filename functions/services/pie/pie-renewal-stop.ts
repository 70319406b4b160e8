// A pie with nothing to split stops the subscription that funds it: the split worker holds no
// Stripe key (contracts/capabilities.ts), so it raises `pie.nothing-to-split` through the outbox with the pie's mark,
// and the bus consumer with the Stripe secret sets the subscription to cancel at the end of its current period here,
// through the same gateway call as the fan's own "cancel" (services/payments/subscriptions.ts).
import type { DomainEventDetail } from '../../contracts/events';
import type { Logger } from '../../runtime/logger';
import type { PaymentsDependencies } from '../payments/dependencies';
import {
  cancelSubscription,
  fanIdOf,
  isFundingSubscription,
  storeSubscription,
} from '../payments/subscriptions';

export type RenewalStopOutcome = 'cancelled' | 'already_stopping' | 'ignored';

/**
 * Sets the pie's subscription to cancel at period end. Delivery is at least once: a subscription already set to
 * cancel (or no longer charging) is stored as Stripe says and left alone; one that is not the fan's is ignored.
 */
export async function stopRenewalOfEmptyPie(
  deps: PaymentsDependencies,
  detail: DomainEventDetail<'pie.nothing-to-split'>,
  log: Logger,
): Promise<RenewalStopOutcome> {
  const gateway = await deps.stripe();
  const askedAt = deps.clock.now();
  const subscription = await gateway.retrieveSubscription(detail.subscriptionId);
  if (!subscription || fanIdOf(subscription) !== detail.fanId) {
    log.warn('renewal not stopped: the subscription is not the fan’s', {
      pieId: detail.pieId,
      subscriptionId: detail.subscriptionId,
    });
    return 'ignored';
  }
  if (subscription.cancelAtPeriodEnd || !isFundingSubscription(subscription)) {
    await storeSubscription(deps, subscription, askedAt);
    return 'already_stopping';
  }
  await cancelSubscription(deps, detail.fanId, detail.subscriptionId);
  log.info('renewal stopped: the pie had nothing to split', {
    pieId: detail.pieId,
    subscriptionId: detail.subscriptionId,
  });
  return 'cancelled';
}
