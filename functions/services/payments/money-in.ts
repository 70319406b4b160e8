// The money of a card payment in the ledger (DESIGN §5, issue #11), booked from objects re-fetched from Stripe, never
// from a webhook's copy, and each posting idempotent by a key derived from Stripe's ids, so any number of deliveries
// in any order book the same transactions once:
// - a paid invoice of gross G: `fan-payment:<invoiceId>` stripe-clearing −G, fan wallet +G, and it opens its pie;
// - its processing fee F once the charge's balance transaction exists: `processing-fee:<chargeId>` wallet −F,
//   processing-fees +F;
// - a refund R: `refund:<refundId>` stripe-clearing +R, wallet −w, platform-losses −(R − w);
// - a dispute D: `dispute:<disputeId>` stripe-clearing +D, wallet −w, dispute-losses −(D − w), its fee
//   `dispute-fee:<disputeId>` stripe-clearing +fee, dispute-losses −fee; won: `dispute-won:<disputeId>` reverses it.
// w is what this payment still has in the wallet: min(amount, wallet balance, G − F − what earlier refunds of the
// charge took). Taking only this payment's own money leaves other payments' money (the next pie's) alone, and makes w
// the same whatever order the events come in.
import type { StoredTransaction } from '../../data/ledger';
import { getLedgerTransaction, transactionIdOf } from '../../data/ledger';
import type { PieSettings, StoredPie } from '../../data/pies';
import { listFanPies, markPieInactive, setPieProcessingFee } from '../../data/pies';
import { AppError, isAppError } from '../../domain/errors';
import {
  buildDisputeFeePostings,
  buildPaymentPostings,
  buildProcessingFeePostings,
  buildReversalPostings,
  computeWalletShareCents,
  disputeLossesAccount,
  fanWalletOf,
  platformLossesAccount,
} from '../../domain/money/card-payments';
import { computePlatformFeeCents } from '../../domain/money/fees';
import type { TransactionDraft } from '../../domain/money/ledger';
import type { InvoiceView, StripeGateway, StripeMetadata } from '../../integrations/stripe/port';
import type { Logger } from '../../runtime/logger';
import { getBalance, postTransaction, reverseTransaction } from '../ledger';
import type { PaymentsDependencies } from './dependencies';
import { stopSubscriptionAfterDispute } from './dispute-consequences';
import { openPie, pieIdOfInvoice } from './pies';
import { keepOneSubscription } from './one-subscription';
import { fanIdOf, storeSubscription } from './subscriptions';

/** Stripe has not settled something yet (a charge's fee): a 503, so Stripe delivers the event again later. */
function notSettledYet(what: string): AppError {
  return new AppError('unavailable', `Stripe has not settled ${what} yet.`, {
    code: 'payment_provider_unavailable',
  });
}

/** The transaction of an idempotency key, if it was written. */
async function findPosted(
  deps: Pick<PaymentsDependencies, 'table'>,
  key: string,
): Promise<StoredTransaction | null> {
  return getLedgerTransaction(deps.table, transactionIdOf(key));
}

/**
 * Posts once per key. A transaction whose amounts depend on balances read now (refunds, disputes) is looked up first,
 * so a re-delivery never computes it again; two concurrent first deliveries that computed different amounts leave
 * the first written, and the second answers it.
 */
async function postOnce(
  deps: Pick<PaymentsDependencies, 'table' | 'clock'>,
  draft: Omit<TransactionDraft, 'reverses'>,
): Promise<StoredTransaction> {
  const before = await findPosted(deps, draft.idempotencyKey);
  if (before) return before;
  try {
    return (await postTransaction(deps, draft)).transaction;
  } catch (error) {
    if (isAppError(error) && error.code === 'idempotency_key_reused') {
      const first = await findPosted(deps, draft.idempotencyKey);
      if (first) return first;
    }
    throw error;
  }
}

function wholeNumberOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return null;
  return Number(text);
}

/** The split settings Checkout wrote into the subscription's metadata. */
function settingsFromMetadata(metadata: StripeMetadata): PieSettings {
  return {
    artistLimit: wholeNumberOf(metadata['artist_limit']) ?? 0,
    artistPopularity: wholeNumberOf(metadata['artist_popularity']) ?? 0,
    excludeNonActive: metadata['exclude_non_active'] === 'true',
  };
}

/** A payment booked: who paid, for which pie, with which charge, and what Stripe took (null while unknown). */
export interface BookedPayment {
  invoiceId: string;
  fanId: string;
  pieId: string;
  subscriptionId: string;
  chargeId: string;
  grossCents: number;
  feeCents: number | null;
}

/** The newest pie of the subscription that started before `before`: its settings carry over to the next. */
async function findPreviousPie(
  deps: Pick<PaymentsDependencies, 'table'>,
  fanId: string,
  subscriptionId: string,
  before: Date,
): Promise<StoredPie | null> {
  const pies = await listFanPies(deps.table, fanId, { limit: 50 });
  return (
    pies.find(
      (pie) => pie.subscriptionId === subscriptionId && Date.parse(pie.periodStart) < before.getTime(),
    ) ?? null
  );
}

async function resolveCharge(
  gateway: StripeGateway,
  invoice: InvoiceView,
): Promise<{ chargeId: string; feeCents: number | null }> {
  const paymentIntentId = invoice.paidPaymentIntentIds[0];
  if (!paymentIntentId) throw notSettledYet(`the payment of invoice ${invoice.id}`);
  const chargeId = await gateway.findChargeOfPaymentIntent(paymentIntentId);
  if (!chargeId) throw notSettledYet(`the charge of invoice ${invoice.id}`);
  const charge = await gateway.retrieveCharge(chargeId);
  if (!charge) throw notSettledYet(`charge ${chargeId}`);
  return { chargeId, feeCents: charge.feeCents };
}

/**
 * Books a paid invoice: the fan's payment, the pie of its period, and the processing fee when Stripe has settled it.
 * Called by `invoice.paid`, by `charge.succeeded`/`charge.updated` (the fee may come later), by refunds and disputes
 * (so the payment is booked before what reverses it) and by the success page's refresh. Null when the invoice is not
 * a paid pie invoice.
 */
export async function recordInvoicePayment(
  deps: PaymentsDependencies,
  invoiceId: string,
  log?: Logger,
): Promise<BookedPayment | null> {
  const gateway = await deps.stripe();
  const invoice = await gateway.retrieveInvoice(invoiceId);
  if (!invoice || invoice.status !== 'paid' || !invoice.subscriptionId) {
    log?.info('stripe invoice not booked: not a paid subscription invoice', {
      invoiceId,
      status: invoice?.status ?? null,
    });
    return null;
  }
  const subscription = await gateway.retrieveSubscription(invoice.subscriptionId);
  const metadata = subscription?.metadata ?? invoice.subscriptionMetadata;
  const fanId = subscription ? fanIdOf(subscription) : (metadata['fan_id'] ?? null);
  if (!fanId) {
    log?.warn('stripe invoice not booked: its subscription names no fan', { invoiceId });
    return null;
  }
  const grossCents = invoice.amountPaidCents;
  if (grossCents <= 0) {
    log?.info('stripe invoice not booked: nothing was paid', { invoiceId });
    return null;
  }
  const { chargeId, feeCents } = await resolveCharge(gateway, invoice);
  const pieId = pieIdOfInvoice(invoice.id);
  const references = { invoiceId: invoice.id, chargeId, subscriptionId: invoice.subscriptionId, pieId };

  await postOnce(deps, {
    kind: 'fan-payment',
    idempotencyKey: `fan-payment:${invoice.id}`,
    postings: buildPaymentPostings(fanId, grossCents),
    references,
  });

  const pieDays =
    subscription?.intervalDays ??
    wholeNumberOf(metadata['pie_days']) ??
    Math.round((invoice.periodEnd.getTime() - invoice.periodStart.getTime()) / 86_400_000);
  const previous = await findPreviousPie(deps, fanId, invoice.subscriptionId, invoice.periodStart);
  await openPie(deps, {
    pieId,
    fanId,
    promo: false,
    periodStart: invoice.periodStart,
    pieDays,
    amountCents: grossCents,
    processingFeeCents: feeCents,
    platformFeeCents: computePlatformFeeCents(grossCents, deps.platformFeeBasisPoints),
    settings: previous ? previous.settings : settingsFromMetadata(metadata),
    inclusions: previous ? previous.inclusions : {},
    subscriptionId: invoice.subscriptionId,
    invoiceId: invoice.id,
  });

  if (feeCents !== null && feeCents > 0) {
    await postOnce(deps, {
      kind: 'processing-fee',
      idempotencyKey: `processing-fee:${chargeId}`,
      postings: buildProcessingFeePostings(fanId, feeCents),
      references,
    });
    await setPieProcessingFee(deps.table, pieId, feeCents);
  }
  if (subscription) await storeSubscription(deps, subscription);
  // One subscription per fan (decision 035): a second one paid anyway is cancelled and refunded at once.
  const { subscriptionId } = invoice;
  await keepOneSubscription(deps, { fanId, subscriptionId, invoiceId: invoice.id, chargeId, pieId }, log);
  return {
    invoiceId: invoice.id,
    fanId,
    pieId,
    subscriptionId: invoice.subscriptionId,
    chargeId,
    grossCents,
    feeCents,
  };
}

/** `charge.succeeded` / `charge.updated`: the charge's invoice, booked (with the fee, once Stripe has settled it). */
export async function recordChargePayment(
  deps: PaymentsDependencies,
  chargeId: string,
  log?: Logger,
): Promise<BookedPayment | null> {
  const gateway = await deps.stripe();
  const charge = await gateway.retrieveCharge(chargeId);
  if (!charge?.paymentIntentId) {
    log?.info('stripe charge not booked: no payment intent', { chargeId });
    return null;
  }
  const invoiceId = await gateway.findInvoiceOfPaymentIntent(charge.paymentIntentId);
  if (!invoiceId) {
    log?.info('stripe charge not booked: it paid no invoice', { chargeId });
    return null;
  }
  return recordInvoicePayment(deps, invoiceId, log);
}

/** The wallet share of a reversal: what this payment still has in the wallet, at most the wallet's balance. */
async function walletShareOf(
  deps: PaymentsDependencies,
  payment: BookedPayment,
  amountCents: number,
  earlierKeys: readonly string[],
): Promise<number> {
  if (payment.feeCents === null) throw notSettledYet(`the fee of charge ${payment.chargeId}`);
  const wallet = fanWalletOf(payment.fanId);
  let takenBeforeCents = 0;
  for (const key of earlierKeys) {
    const earlier = await findPosted(deps, key);
    const fromWallet = earlier?.postings.find((posting) => posting.accountId === wallet)?.amountCents ?? 0;
    takenBeforeCents += -fromWallet;
  }
  return computeWalletShareCents({
    amountCents,
    grossCents: payment.grossCents,
    feeCents: payment.feeCents,
    takenBeforeCents,
    walletBalanceCents: await getBalance(deps, wallet),
  });
}

/**
 * `charge.refunded`: books each succeeded refund of the charge (its payment first), and a full refund makes the pie
 * inactive. Refunds are taken in id order, so partial refunds share the payment's money the same way every time.
 */
export async function recordChargeRefunds(
  deps: PaymentsDependencies,
  chargeId: string,
  log?: Logger,
): Promise<void> {
  const payment = await recordChargePayment(deps, chargeId, log);
  if (!payment) return;
  const gateway = await deps.stripe();
  const [charge, refunds] = await Promise.all([
    gateway.retrieveCharge(chargeId),
    gateway.listRefunds(chargeId),
  ]);
  const succeeded = refunds
    .filter((refund) => refund.status === 'succeeded' && refund.amountCents > 0)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const keys = succeeded.map((refund) => `refund:${refund.id}`);
  for (const [index, refund] of succeeded.entries()) {
    const key = `refund:${refund.id}`;
    if (await findPosted(deps, key)) continue;
    const fromWallet = await walletShareOf(deps, payment, refund.amountCents, keys.slice(0, index));
    await postOnce(deps, {
      kind: 'refund',
      idempotencyKey: key,
      postings: buildReversalPostings({
        fanId: payment.fanId,
        amountCents: refund.amountCents,
        fromWalletCents: fromWallet,
        lossAccount: platformLossesAccount,
      }),
      references: {
        refundId: refund.id,
        chargeId,
        invoiceId: payment.invoiceId,
        pieId: payment.pieId,
      },
    });
  }
  if (charge?.refunded) await markPieInactive(deps.table, payment.pieId, 'refunded', deps.clock.now());
}

/**
 * `charge.dispute.created` and `.closed`: books the dispute (its payment first) and its fee, makes the pie inactive,
 * and reverses the dispute when the fan's bank decided for us (`won`); the fee stays lost.
 */
export async function recordDispute(
  deps: PaymentsDependencies,
  disputeId: string,
  log?: Logger,
): Promise<void> {
  const gateway = await deps.stripe();
  const dispute = await gateway.retrieveDispute(disputeId);
  if (!dispute) {
    log?.warn('stripe dispute not booked: Stripe does not know it', { disputeId });
    return;
  }
  const payment = await recordChargePayment(deps, dispute.chargeId, log);
  if (!payment) return;
  const references = {
    disputeId,
    chargeId: dispute.chargeId,
    invoiceId: payment.invoiceId,
    pieId: payment.pieId,
  };
  const key = `dispute:${disputeId}`;
  let posted = await findPosted(deps, key);
  if (!posted) {
    const refunds = await gateway.listRefunds(dispute.chargeId);
    const refundKeys = refunds.filter((r) => r.status === 'succeeded').map((r) => `refund:${r.id}`);
    const fromWallet = await walletShareOf(deps, payment, dispute.amountCents, refundKeys);
    posted = await postOnce(deps, {
      kind: 'dispute',
      idempotencyKey: key,
      postings: buildReversalPostings({
        fanId: payment.fanId,
        amountCents: dispute.amountCents,
        fromWalletCents: fromWallet,
        lossAccount: disputeLossesAccount,
      }),
      references,
    });
  }
  if (dispute.feeCents > 0) {
    await postOnce(deps, {
      kind: 'dispute-fee',
      idempotencyKey: `dispute-fee:${disputeId}`,
      postings: buildDisputeFeePostings(dispute.feeCents),
      references,
    });
  }
  await markPieInactive(deps.table, payment.pieId, 'disputed', deps.clock.now());
  await stopSubscriptionAfterDispute(deps, dispute, log);
  if (dispute.status === 'won') {
    await reverseTransaction(deps, {
      transactionId: posted.id,
      idempotencyKey: `dispute-won:${disputeId}`,
      references: { disputeId },
    });
  }
}
