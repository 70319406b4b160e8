import type { Subscription } from '@contracts/payments';

/** SPEC §4: a subscription has a pie only when it is active or trialing and carries a pie_id. */
export function hasPie(subscription: Subscription | null): boolean {
  if (!subscription) return false;
  const running = subscription.status === 'active' || subscription.status === 'trialing';
  return running && Boolean(subscription.metadata.pie_id);
}
