// The money of a card payment in the ledger (DESIGN §5, docs/decisions/020-money-in.md, 031-money-by-origin.md),
// booked from objects re-fetched from Stripe, never from a webhook's copy, and each posting idempotent by a key derived
// from Stripe's ids, so any number of deliveries in any order book the same transactions once:
// - a paid invoice of gross G: `fan-payment:<invoiceId>` stripe-clearing −G, the pie's money (`pie-funds:<pieId>`) +G,
//   written in the same TransactWriteItems as the pie it opens, so no earlier split can ever count it;
// - its processing fee F once the charge's balance transaction exists: `processing-fee:<chargeId>` pie's money −F,
//   processing-fees +F;
// - a refund R (in the order Stripe made them) or a lost dispute D takes back the money of its own payment
//   (take-back.ts): what is left of its pie's money, then the pie's held lots pro rata, the rest a platform loss;
// - a dispute's fee `dispute-fee:<disputeId>` stripe-clearing +fee, dispute-losses −fee; a dispute decided for us
//   gives the money back where it was taken from (`dispute-won:<disputeId>`).
import type { StoredTransaction } from '../../data/ledger';
import { getLedgerTransaction, transactionIdOf } from '../../data/ledger';
import type { PieSettings, StoredPie } from '../../data/pies';
import { buildNewPiePut, listFanPies, setPieProcessingFee } from '../../data/pies';
import { AppError, isAppError } from '../../domain/errors';
import {
  buildDisputeFeePostings,
  buildPaymentPostings,
  buildProcessingFeePostings,
  disputeLossesAccount,
  platformLossesAccount,
} from '../../domain/money/card-payments';
import { computePlatformFeeCents } from '../../domain/money/fees';
import type { TransactionDraft } from '../../domain/money/ledger';
import type { InvoiceView, StripeGateway, StripeMetadata } from '../../integrations/stripe/port';
import type { Logger } from '../../runtime/logger';
import { postTransaction, postTransactionAlongside } from '../ledger';
import type { PaymentsDependencies } from './dependencies';
import { stopSubscriptionAfterDispute } from './dispute-consequences';
import { buildPieRecord, openPie, pieIdOfInvoice, stopPie } from './pies';
import type { OpenPieInput } from './pies';
import { keepOneSubscription } from './one-subscription';
import { fanIdOf, storeSubscription } from './subscriptions';
import { reinstateTakeBack, takeBackPaymentMoney } from './take-back';

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

/**
 * Posts a payment once with the pie it opens, in one write; a pie already there (opened before this booking wrote
 * both together) leaves the money to be posted alone.
 */
async function postPaymentWithPie(
  deps: Pick<PaymentsDependencies, 'table' | 'clock'>,
  draft: Omit<TransactionDraft, 'reverses'>,
  pie: OpenPieInput,
): Promise<StoredTransaction> {
  const before = await findPosted(deps, draft.idempotencyKey);
  if (before) return before;
  const posted = await postTransactionAlongside(deps, draft, [
    buildNewPiePut(deps.table, buildPieRecord(deps, pie)),
  ]);
  return posted ? posted.transaction : postOnce(deps, draft);
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
  const subscriptionAskedAt = deps.clock.now();
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
  // Stripe charged the card when the period it pays for began: the payment and its fee are dated then in the ledger
  // (and on the fan's wallet) even when the webhook is booked later (never later than now).
  const paidAt = invoice.periodStart;
  const references = { invoiceId: invoice.id, chargeId, subscriptionId: invoice.subscriptionId, pieId };

  const pieDays =
    subscription?.intervalDays ??
    wholeNumberOf(metadata['pie_days']) ??
    Math.round((invoice.periodEnd.getTime() - invoice.periodStart.getTime()) / 86_400_000);
  const previous = await findPreviousPie(deps, fanId, invoice.subscriptionId, invoice.periodStart);
  const pie: OpenPieInput = {
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
  };
  await postPaymentWithPie(
    deps,
    {
      kind: 'fan-payment',
      idempotencyKey: `fan-payment:${invoice.id}`,
      postings: buildPaymentPostings(pieId, grossCents),
      references,
      occurredAt: paidAt,
    },
    pie,
  );
  // Finds the pie written with the money, and keeps what follows a pie's opening (staff's figures) in one place.
  await openPie(deps, pie);

  if (feeCents !== null && feeCents > 0) {
    await postOnce(deps, {
      kind: 'processing-fee',
      idempotencyKey: `processing-fee:${chargeId}`,
      postings: buildProcessingFeePostings(pieId, feeCents),
      references,
      occurredAt: paidAt,
    });
    await setPieProcessingFee(deps.table, pieId, feeCents);
  }
  // Asked for before the pie was booked: a cancel the fan made since is newer and stays.
  if (subscription) await storeSubscription(deps, subscription, subscriptionAskedAt);
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

/**
 * `charge.refunded`: books each succeeded refund of the charge (its payment first), in the order Stripe made them, so
 * partial refunds share the payment's money the same way every time; each takes back the money of this payment only.
 * A full refund makes the pie inactive. Waits (503) while Stripe's fee is unknown: the fee leaves the same money.
 */
export async function recordChargeRefunds(
  deps: PaymentsDependencies,
  chargeId: string,
  log?: Logger,
): Promise<void> {
  const payment = await recordChargePayment(deps, chargeId, log);
  if (!payment) return;
  if (payment.feeCents === null) throw notSettledYet(`the fee of charge ${payment.chargeId}`);
  const gateway = await deps.stripe();
  const [charge, refunds] = await Promise.all([
    gateway.retrieveCharge(chargeId),
    gateway.listRefunds(chargeId),
  ]);
  const succeeded = refunds
    .filter((refund) => refund.status === 'succeeded' && refund.amountCents > 0)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const refund of succeeded) {
    await takeBackPaymentMoney(deps, {
      pieId: payment.pieId,
      fanId: payment.fanId,
      kind: 'refund',
      sourceId: refund.id,
      idempotencyKey: `refund:${refund.id}`,
      amountCents: refund.amountCents,
      lossAccount: platformLossesAccount,
      references: {
        refundId: refund.id,
        chargeId,
        invoiceId: payment.invoiceId,
        pieId: payment.pieId,
      },
    });
  }
  if (charge?.refunded) await stopPie(deps, payment, 'refunded');
}

/**
 * `charge.dispute.*`: an inquiry, or any dispute before Stripe withdraws its funds, books nothing. Once Stripe has
 * withdrawn them, the dispute takes back the money of its own payment (take-back.ts), makes the pie inactive and stops
 * the fan's subscription; each of its balance transactions books its fee (a fee Stripe gives back is a negative fee);
 * once Stripe reinstates the funds (decided for us), the money goes back where it was taken from.
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
  if (dispute.isInquiry || !dispute.fundsWithdrawn) {
    log?.info('stripe dispute not booked: Stripe has withdrawn no money for it', {
      disputeId,
      status: dispute.status,
    });
    return;
  }
  const payment = await recordChargePayment(deps, dispute.chargeId, log);
  if (!payment) return;
  if (payment.feeCents === null) throw notSettledYet(`the fee of charge ${payment.chargeId}`);
  const references = {
    disputeId,
    chargeId: dispute.chargeId,
    invoiceId: payment.invoiceId,
    pieId: payment.pieId,
  };
  const key = `dispute:${disputeId}`;
  await takeBackPaymentMoney(deps, {
    pieId: payment.pieId,
    fanId: payment.fanId,
    kind: 'dispute',
    sourceId: disputeId,
    idempotencyKey: key,
    amountCents: dispute.amountCents,
    lossAccount: disputeLossesAccount,
    references,
  });
  for (const balanceTransaction of dispute.balanceTransactions) {
    if (balanceTransaction.feeCents === 0) continue;
    await postOnce(deps, {
      kind: 'dispute-fee',
      idempotencyKey: `dispute-fee:${balanceTransaction.id}`,
      postings: buildDisputeFeePostings(balanceTransaction.feeCents),
      references: { ...references, balanceTransactionId: balanceTransaction.id },
    });
  }
  await stopPie(deps, payment, 'disputed');
  await stopSubscriptionAfterDispute(deps, dispute, log);
  if (dispute.fundsReinstated) {
    await reinstateTakeBack(deps, {
      pieId: payment.pieId,
      idempotencyKey: key,
      reinstateKey: `dispute-won:${disputeId}`,
      references: { disputeId, pieId: payment.pieId },
    });
  }
}
