// The fan's subscription (SPEC §3 "Subscription", §7): what GET /stripe/activeSubscription and /refreshSubscription
// answer, cancelling at period end, and the billing portal. The table keeps each subscription as last re-read from
// Stripe; a promo pie answers as a `trialing` subscription of kind `promo` (it is OpenPie's money, not Stripe's).
import type { Subscription } from '../../contracts/payments';
import { getAccount } from '../../data/accounts';
import type { StoredPie } from '../../data/pies';
import { getPie } from '../../data/pies';
import type { StoredSubscription } from '../../data/subscriptions';
import { getFanSubscription, listFanSubscriptions, putFanSubscription } from '../../data/subscriptions';
import { isActiveAccount } from '../../domain/identity/account';
import { AppError } from '../../domain/errors';
import type { SubscriptionView } from '../../integrations/stripe/port';
import type { PaymentsDependencies } from './dependencies';
import { findCurrentPie, pieIdOfInvoice } from './pies';

const promoIdPrefix = 'promo_';

/** Statuses in which Stripe will still charge the fan (or just did): such a subscription funds a pie. */
const fundingStatuses: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

export function isFundingSubscription(subscription: { status: string }): boolean {
  return fundingStatuses.has(subscription.status);
}

/** The fan a subscription belongs to: Checkout writes `fan_id` into its metadata. */
export function fanIdOf(subscription: SubscriptionView): string | null {
  const fanId = subscription.metadata['fan_id'];
  return fanId && fanId.length > 0 ? fanId : null;
}

function wholeNumberOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/**
 * Stores a subscription as Stripe answered it, asked at `askedAt` (the product clock before the call); null (nothing
 * stored) when it is no pie's. A copy asked for before the stored one leaves the stored one, and answers it.
 */
export async function storeSubscription(
  deps: Pick<PaymentsDependencies, 'table' | 'clock'>,
  subscription: SubscriptionView,
  askedAt: Date,
): Promise<StoredSubscription | null> {
  const fanId = fanIdOf(subscription);
  if (!fanId) return null;
  const stored: StoredSubscription = {
    id: subscription.id,
    fanId,
    customerId: subscription.customerId,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodStart: subscription.currentPeriodStart.toISOString(),
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    amountCents: subscription.amountCents ?? wholeNumberOf(subscription.metadata['amount_cents']) ?? 0,
    pieDays: subscription.intervalDays ?? wholeNumberOf(subscription.metadata['pie_days']) ?? 0,
    updatedAt: deps.clock.now().toISOString(),
    askedAt: askedAt.toISOString(),
  };
  if (await putFanSubscription(deps.table, stored)) return stored;
  return (await getFanSubscription(deps.table, fanId, subscription.id)) ?? stored;
}

function toCardReply(subscription: StoredSubscription, pieId: string | null): Subscription {
  return {
    id: subscription.id,
    kind: 'card',
    status: subscription.status,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    current_period_start: subscription.currentPeriodStart,
    current_period_end: subscription.currentPeriodEnd,
    amountCents: subscription.amountCents,
    pieDays: subscription.pieDays,
    metadata: { pie_id: pieId },
  };
}

function toPromoReply(pie: StoredPie): Subscription {
  return {
    id: `${promoIdPrefix}${pie.id}`,
    kind: 'promo',
    status: 'trialing',
    cancel_at_period_end: true,
    current_period_start: pie.periodStart,
    current_period_end: pie.periodEnd,
    amountCents: pie.amountCents,
    pieDays: pie.pieDays,
    metadata: { pie_id: pie.id },
  };
}

/**
 * GET /api/stripe/activeSubscription: the subscription funding the fan's current pie (a promo pie answers as one),
 * else the newest subscription Stripe will still charge (paid, its pie not opened yet; or a renewal past due), else
 * null. Its `metadata.pie_id` names the current pie it funds, or null.
 */
export async function readActiveSubscription(
  deps: Pick<PaymentsDependencies, 'table' | 'clock'>,
  fanId: string,
): Promise<Subscription | null> {
  const [pie, subscriptions] = await Promise.all([
    findCurrentPie(deps, fanId),
    listFanSubscriptions(deps.table, fanId),
  ]);
  if (pie?.promo) return toPromoReply(pie);
  const funding = pie?.subscriptionId ? subscriptions.find((s) => s.id === pie.subscriptionId) : undefined;
  if (funding) return toCardReply(funding, pie?.id ?? null);
  const newest = subscriptions
    .filter(isFundingSubscription)
    .sort((a, b) => b.currentPeriodStart.localeCompare(a.currentPeriodStart))[0];
  return newest ? toCardReply(newest, null) : null;
}

/**
 * GET /api/stripe/refreshSubscription (the success page): re-reads the fan's subscriptions from Stripe, stores them
 * and books the latest paid invoice of each that funds a pie through the same idempotent path as the webhook, so the
 * pie appears even when the webhook is late. Then answers as activeSubscription.
 */
export async function refreshSubscription(
  deps: PaymentsDependencies,
  fanId: string,
  recordInvoicePayment: (invoiceId: string) => Promise<unknown>,
): Promise<Subscription | null> {
  const account = await getAccount(deps.table, 'fan', fanId);
  const customerId = account?.stripeCustomerId ?? null;
  if (customerId) {
    const gateway = await deps.stripe();
    const askedAt = deps.clock.now();
    const subscriptions = await gateway.listSubscriptions(customerId);
    for (const subscription of subscriptions) {
      if (fanIdOf(subscription) !== fanId) continue;
      await storeSubscription(deps, subscription, askedAt);
      const invoiceId = subscription.latestInvoiceId;
      if (!isFundingSubscription(subscription) || !invoiceId) continue;
      // The success page asks every few seconds: once the pie and its fee are booked there is nothing to re-read.
      const booked = await getPie(deps.table, pieIdOfInvoice(invoiceId));
      if (!booked || booked.processingFeeCents === null) await recordInvoicePayment(invoiceId);
    }
  }
  return readActiveSubscription(deps, fanId);
}

/**
 * POST /api/stripe/cancelSubscription: the fan's own subscription stops renewing; the current pie runs to its end.
 * Another fan's subscription, or one Stripe does not know, is a 404 alike.
 */
export async function cancelSubscription(
  deps: PaymentsDependencies,
  fanId: string,
  subscriptionId: string,
): Promise<Subscription> {
  const notFound = () => new AppError('not_found', undefined, { code: 'subscription_not_found' });
  if (subscriptionId.startsWith(promoIdPrefix)) {
    const pie = await findCurrentPie(deps, fanId);
    // A promo pie renews never: it is "cancelled" already.
    if (pie?.promo && `${promoIdPrefix}${pie.id}` === subscriptionId) return toPromoReply(pie);
    throw notFound();
  }
  let stored = await getFanSubscription(deps.table, fanId, subscriptionId);
  const gateway = await deps.stripe();
  if (!stored) {
    // Paid a moment ago and the webhook has not come yet: Stripe knows it, and says whose it is.
    const account = await getAccount(deps.table, 'fan', fanId);
    const lookedUpAt = deps.clock.now();
    const fromStripe = await gateway.retrieveSubscription(subscriptionId);
    if (
      !fromStripe ||
      fanIdOf(fromStripe) !== fanId ||
      !account?.stripeCustomerId ||
      fromStripe.customerId !== account.stripeCustomerId
    ) {
      throw notFound();
    }
    stored = await storeSubscription(deps, fromStripe, lookedUpAt);
    if (!stored) throw notFound();
  }
  const askedAt = deps.clock.now();
  const updated = await storeSubscription(
    deps,
    await gateway.cancelSubscriptionAtPeriodEnd(stored.id),
    askedAt,
  );
  if (!updated) throw notFound();
  const pie = await findCurrentPie(deps, fanId);
  return toCardReply(updated, pie?.subscriptionId === updated.id ? pie.id : null);
}

/** GET /api/stripe/customerBillingAccount: Stripe's billing portal for the fan's customer, back to My pies. */
export async function openBillingPortal(deps: PaymentsDependencies, fanId: string): Promise<{ url: string }> {
  const account = await getAccount(deps.table, 'fan', fanId);
  if (!isActiveAccount(account)) throw new AppError('unauthorized');
  if (!account.stripeCustomerId) throw new AppError('conflict', undefined, { code: 'no_billing_account' });
  const gateway = await deps.stripe();
  return gateway.createBillingPortalSession({
    customerId: account.stripeCustomerId,
    returnUrl: `${requireSiteOrigin(deps)}/my-pies`,
  });
}

export function requireSiteOrigin(deps: { siteOrigin: string | undefined }): string {
  if (!deps.siteOrigin) throw new Error('SITE_ORIGIN is not configured: Stripe cannot send the fan back.');
  return deps.siteOrigin.replace(/\/+$/, '');
}
