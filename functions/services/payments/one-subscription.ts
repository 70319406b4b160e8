// One subscription per fan (decision 035), enforced where the money arrives: every booked payment of a card
// subscription asks here whether that subscription is the fan's one. The fan's one is the holder written first in the
// table (a card subscription, or the promo pie, whose claim writes it); a renewal of the holder is never a second one,
// and a holder that has ended (cancelled, its pie over) gives way to the next payment. A subscription paid while
// another holds the fan is a second one: it is cancelled in Stripe at once, its invoice refunded in full by a key
// derived from the invoice, its pie made inactive, and the fan told by one mail. The refund's money is booked by the
// `charge.refunded` webhook like any refund. Every step answers what it did before when run again, alone or at once.
import { createHash } from 'node:crypto';
import { getAccount } from '../../data/accounts';
import type { HeldSubscription, SubscriptionHolder } from '../../data/one-subscription';
import {
  claimSubscriptionHolder,
  getSubscriptionHolder,
  holderText,
  isSecondSubscription,
  markSecondSubscription,
} from '../../data/one-subscription';
import { putOutboxMailOnce } from '../../data/outbox';
import { getPie, listFanPies } from '../../data/pies';
import type { EmailMessage } from '../../domain/email';
import { composePlainMail } from '../../domain/email';
import { formatUsd } from '../../domain/money/usd';
import type { StripeGateway } from '../../integrations/stripe/port';
import type { Logger } from '../../runtime/logger';
import type { PaymentsDependencies } from './dependencies';
import { isCurrentPie, stopPie } from './pies';
import { isFundingSubscription, requireSiteOrigin, storeSubscription } from './subscriptions';

/** A paid invoice of a card subscription, as the payment booking knows it. */
export interface SubscriptionPayment {
  fanId: string;
  subscriptionId: string;
  invoiceId: string;
  chargeId: string;
  pieId: string;
}

export type OneSubscriptionOutcome =
  /** The fan's one subscription (or a renewal of it): nothing to do. */
  | 'one'
  /** Paid while another held the fan: cancelled, refunded in full, the fan told. */
  | 'second'
  /** Not the holder, but Stripe no longer charges it (it ended by itself): its payments stand. */
  | 'ended';

/** A promo holder whose pie is not open yet is being funded by its claim: it holds the fan this long at most. */
const promoFundingMs = 15 * 60_000;
const holderRounds = 5;

/** The idempotency key of a second subscription's refund, and its mail's outbox id: one of each per invoice. */
export function secondSubscriptionRefundKey(invoiceId: string): string {
  return `second-subscription-refund:${invoiceId}`;
}

function mailIdOf(invoiceId: string): string {
  const hex = createHash('sha256').update(`second-subscription-mail:${invoiceId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Called once a card payment is booked (money-in.ts `recordInvoicePayment`): keeps the fan's one subscription, and
 * undoes a second one.
 */
export async function keepOneSubscription(
  deps: PaymentsDependencies,
  payment: SubscriptionPayment,
  log?: Logger,
): Promise<OneSubscriptionOutcome> {
  const gateway = await deps.stripe();
  const decision = await decide(deps, gateway, payment);
  if (decision !== 'second') return decision;
  log?.warn('a second subscription of the fan was paid: cancelled and refunded', {
    fanId: payment.fanId,
    subscriptionId: payment.subscriptionId,
    invoiceId: payment.invoiceId,
  });
  await undoSecondSubscription(deps, gateway, payment, log);
  return 'second';
}

async function decide(
  deps: PaymentsDependencies,
  gateway: StripeGateway,
  payment: SubscriptionPayment,
): Promise<OneSubscriptionOutcome> {
  const { fanId, subscriptionId } = payment;
  const candidate: SubscriptionHolder = { kind: 'card', subscriptionId };
  const isCandidate = (held: HeldSubscription | null) =>
    held !== null && holderText(held.holder) === holderText(candidate);
  // The holder's own payments (every renewal) cost one read.
  let held = await getSubscriptionHolder(deps.table, fanId);
  if (isCandidate(held)) return 'one';
  // Found second once, second for good: its cancellation must never let it take the fan later.
  if (await isSecondSubscription(deps.table, fanId, subscriptionId)) return 'second';
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  const funding = subscription !== null && isFundingSubscription(subscription);
  for (let round = 0; round < holderRounds; round += 1) {
    if (round > 0) held = await getSubscriptionHolder(deps.table, fanId);
    if (isCandidate(held)) return 'one';
    // An ended subscription's payments (a late event, a refund long after) are not judged again.
    if (!funding) return 'ended';
    if (held && (await holdsTheFan(deps, gateway, fanId, held))) {
      await markSecondSubscription(deps.table, fanId, {
        subscriptionId,
        invoiceId: payment.invoiceId,
        holder: held.holder,
        at: deps.clock.now(),
      });
      return 'second';
    }
    if (!held) {
      // A fan who paid before there was a holder: the pie running now names it.
      const running = await runningHolder(deps, fanId, subscriptionId);
      if (running) {
        await claimSubscriptionHolder(deps.table, fanId, running, deps.clock.now(), null);
        continue;
      }
    }
    if (await claimSubscriptionHolder(deps.table, fanId, candidate, deps.clock.now(), held?.holder ?? null)) {
      return 'one';
    }
    // Another payment or the promo claim took it since: the next round judges that one.
  }
  throw new Error(`The subscription holder of fan ${fanId} kept changing`);
}

/** Whether the holder still holds the fan: Stripe still charges it, or its pie runs. */
async function holdsTheFan(
  deps: PaymentsDependencies,
  gateway: StripeGateway,
  fanId: string,
  held: HeldSubscription,
): Promise<boolean> {
  const now = deps.clock.now();
  if (held.holder.kind === 'promo') {
    const pie = await getPie(deps.table, held.holder.pieId);
    if (pie) return isCurrentPie(pie, now);
    return now.getTime() - Date.parse(held.heldSince) < promoFundingMs;
  }
  const { subscriptionId } = held.holder;
  const subscription = await gateway.retrieveSubscription(subscriptionId);
  if (subscription && isFundingSubscription(subscription)) return true;
  const pies = await listFanPies(deps.table, fanId, { limit: 10 });
  return pies.some((pie) => pie.subscriptionId === subscriptionId && isCurrentPie(pie, now));
}

/** The holder of the fan's oldest running pie of another subscription (or promo), or null. */
async function runningHolder(
  deps: PaymentsDependencies,
  fanId: string,
  subscriptionId: string,
): Promise<SubscriptionHolder | null> {
  const now = deps.clock.now();
  const running = (await listFanPies(deps.table, fanId, { limit: 10 }))
    .filter((pie) => isCurrentPie(pie, now) && pie.subscriptionId !== subscriptionId)
    .sort((a, b) => a.periodStart.localeCompare(b.periodStart))[0];
  if (!running) return null;
  if (running.promo) return { kind: 'promo', pieId: running.id };
  return running.subscriptionId ? { kind: 'card', subscriptionId: running.subscriptionId } : null;
}

/** Cancels the second subscription, refunds its invoice in full, makes its pie inactive and mails the fan, once. */
async function undoSecondSubscription(
  deps: PaymentsDependencies,
  gateway: StripeGateway,
  payment: SubscriptionPayment,
  log?: Logger,
): Promise<void> {
  const askedAt = deps.clock.now();
  await storeSubscription(deps, await gateway.cancelSubscriptionNow(payment.subscriptionId), askedAt);
  const charge = await gateway.retrieveCharge(payment.chargeId);
  if (!charge) throw new Error(`Stripe does not know charge ${payment.chargeId} it answered a moment ago`);
  if (charge.amountRefundedCents < charge.amountCents) {
    const refund = await gateway.refundCharge({
      chargeId: payment.chargeId,
      metadata: {
        fan_id: payment.fanId,
        invoice_id: payment.invoiceId,
        reason: 'second_subscription',
      },
      idempotencyKey: secondSubscriptionRefundKey(payment.invoiceId),
    });
    if (!refund.ok) {
      // Disputed already: the dispute takes the money back; nothing more to refund.
      log?.warn('a second subscription could not be refunded', {
        chargeId: payment.chargeId,
        code: refund.code,
        message: refund.message,
      });
    }
  }
  await stopPie(deps, payment, 'refunded');
  const now = deps.clock.now();
  const account = await getAccount(deps.table, 'fan', payment.fanId);
  if (account?.status !== 'active' || !account.email) return;
  await putOutboxMailOnce(deps.table, {
    id: mailIdOf(payment.invoiceId),
    message: buildSecondSubscriptionMail({
      to: account.email,
      firstName: account.firstName,
      siteOrigin: requireSiteOrigin(deps),
      amountCents: charge.amountCents,
    }),
    createdAt: now,
  });
}

/** The mail of a second subscription: what was paid, that it was cancelled and refunded, that the pie runs on. */
export function buildSecondSubscriptionMail(input: {
  to: string;
  firstName: string | null;
  siteOrigin: string;
  amountCents: number;
}): EmailMessage {
  const link = `${input.siteOrigin}/my-pies`;
  const amount = formatUsd(input.amountCents);
  const paragraphs = [
    input.firstName ? `Hello ${input.firstName},` : 'Hello,',
    `You paid ${amount} for a second pie while you already had one. A fan has one pie at a time, so we cancelled that second subscription at once and refunded the whole ${amount} to your card.`,
    'The pie you already had is unchanged. Refunds usually reach your card within 5 to 10 days.',
  ];
  return composePlainMail({
    kind: 'second-subscription-refunded',
    to: input.to,
    subject: 'We refunded a second pie',
    title: 'We refunded a second pie',
    paragraphs,
    link,
    linkLabel: 'Open My pies',
    layout: 'body',
  });
}
