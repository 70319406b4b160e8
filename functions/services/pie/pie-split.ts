// The end-of-period split (docs/decisions/023-the-split-run-and-escrow.md). The pie-renewals job
// finds the pies whose period ended through the due index and sends one `pie-split` message per pie to the fan-work
// queue (`fanOutPieSplits`); the worker splits each (`splitEndedPie`) in four steps, each idempotent, so a crash
// between any two and a rerun (a redelivered message, the next hourly run, a second worker at the same time) ends with
// the money moved once, the lots written once and the fan told once:
//   1. the receipt: the split computed by the same call as the preview, frozen with `attribute_not_exists`;
//   2. the ledger: one `split` transaction, idempotency key `split:<pieId>` (chunked by the ledger when large);
//   3. escrow: one held lot per paid artist; an artist already claimed has its lot released to the office at once;
//   4. the mark: the pie becomes `split` with its totals, with the receipt mail (and, with nothing to split, the event
//      that stops the subscription) in the same transaction, only if it was not split yet.
import { createHash, randomUUID } from 'node:crypto';
import type { FanWorkMessage } from '../../contracts/fan-work';
import { getAccount } from '../../data/accounts';
import { putEscrowLots } from '../../data/escrow-lots';
import type { StoredPieReceipt } from '../../data/pie-receipts';
import { dropStalePieReceipt, getPieReceipt, putPieReceipt } from '../../data/pie-receipts';
import { getLedgerTransaction, transactionIdOf } from '../../data/ledger';
import { buildOutboxEventPut, buildOutboxMailPut } from '../../data/outbox';
import type { StoredPie, StoredPieReceiptTotals } from '../../data/pies';
import { getPie, markPieSplit, pagesOfPiesDue, recordSplitFailure } from '../../data/pies';
import type { TableRef, TransactionItem } from '../../data/table';
import { isAppError } from '../../domain/errors';
import type { SplitPayout } from '../../domain/money/escrow';
import {
  artistEarningsAccountOf,
  buildEscrowLots,
  buildSplitPostings,
  hasPeriodEnded,
  isSplittablePie,
  splitIdempotencyKey,
  summariseLots,
} from '../../domain/money/escrow';
import type { AccountId } from '../../domain/money/ledger';
import { accountIdOf } from '../../domain/money/ledger';
import { deploymentFanWorkQueue } from '../fan-work-queue';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';
import { releaseLotsOfClaimedArtists } from '../claims/release';
import type { LedgerDependencies } from '../ledger';
import { postTransaction } from '../ledger';
import { computePieSplit, toRealtimeStats } from './pie-preview';
import { buildNothingToSplitMail, buildPieReceiptMail } from './pie-receipt';

/** One pie's split, as the fan-work worker reads it. */
export type PieSplitMessage = Extract<FanWorkMessage, { kind: 'pie-split' }>;

export interface PieSplitDependencies {
  table: TableRef;
  clock: Clock;
  /** The site's origin for the receipt mail's link (SITE_ORIGIN). */
  siteOrigin: string;
  /** How long an unclaimed artist's lot is held before it goes back to the fan (ESCROW_HOLDING_MONTHS). */
  escrowHoldingMonths: number;
  /** Tests only: the ledger's crash hook (see WriteLedgerOptions). */
  failBeforeChunk?: LedgerDependencies['failBeforeChunk'];
}

export interface SplitEndedPieOptions {
  log: Logger;
  /** Tests only: called after each step; a throw there stands for a crash between two steps. */
  afterStep?: (step: SplitStep) => void | Promise<void>;
}

export type SplitStep = 'receipt' | 'ledger' | 'escrow' | 'mark';

export type SplitEndedPieResult =
  | { outcome: 'split'; pieId: string; allocatedCents: number; artistCount: number; transactionId: string }
  | { outcome: 'nothing_to_split'; pieId: string; keptInWalletCents: number }
  /** Split before (by another run, or this message redelivered): this run wrote no mark and no mail. */
  | { outcome: 'already_split'; pieId: string }
  /** Not split, and never will be by this run: unknown, its period not over, or refunded/disputed. */
  | { outcome: 'skipped'; pieId: string; reason: 'not_found' | 'not_ended' | 'not_splittable' }
  /** It failed `maxSplitAttempts` times: no longer retried, shown to staff (decision 031). */
  | { outcome: 'raised'; pieId: string; attempts: number; error: string };

export interface PieSplitFanOutDependencies {
  table: TableRef;
  /** The fan-work queue (SQS in AWS, the local runtime's stand-in locally). */
  queue: { sendAll(messages: readonly PieSplitMessage[]): Promise<void> };
}

/** The deployment's table, clock, site origin and holding period. */
export function pieSplitDependencies(): PieSplitDependencies {
  const env = getEnv();
  if (!env.SITE_ORIGIN)
    throw new Error('SITE_ORIGIN is not set: the receipt mail cannot link to the receipt.');
  return {
    table: getTable(),
    clock: getClock(),
    siteOrigin: env.SITE_ORIGIN.replace(/\/+$/, ''),
    escrowHoldingMonths: env.ESCROW_HOLDING_MONTHS,
  };
}

/** The deployment's table and fan-work queue; a job without the queue's URL cannot fan out, and says so. */
export function pieSplitFanOutDependencies(): PieSplitFanOutDependencies {
  return { table: getTable(), queue: deploymentFanWorkQueue() };
}

/**
 * The pie-renewals job's fan-out: every pie not split yet whose period is over (the sparse due index, read shard by
 * shard up to now, no Scan and no look-back window, so a pie is never dropped for having waited long), kept when its
 * money may still be split; one `pie-split` message each. A pie sent twice (the next hourly run before the worker got
 * to it) is split once.
 */
export async function fanOutPieSplits(
  { table, queue }: PieSplitFanOutDependencies,
  { runId, log, now }: { runId: string; log: Logger; now: Date },
): Promise<{ pies: number; pages: number }> {
  let pies = 0;
  let pages = 0;
  for await (const page of pagesOfPiesDue(table, now)) {
    pages += 1;
    const messages = page
      .filter((pie) => hasPeriodEnded(pie, now) && isSplittablePie(pie) && pie.splitRaisedAt === undefined)
      .map((pie): PieSplitMessage => ({ kind: 'pie-split', fanId: pie.fanId, pieId: pie.id, runId }));
    if (messages.length > 0) await queue.sendAll(messages);
    pies += messages.length;
  }
  log.info('pie splits fanned out', { pies, pages });
  return { pies, pages };
}

function hashText(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The ledger account of a split artist key (`id:` → artist-earnings, `name:` → artist-name-earnings). */
export function accountOfArtistKey(artistKey: string): AccountId {
  return artistEarningsAccountOf(artistKey, hashText);
}

/** Step 1: the stored receipt, or the split computed now (the preview's own call) and stored unless one won first. */
async function freezeReceipt(deps: PieSplitDependencies, pie: StoredPie): Promise<StoredPieReceipt> {
  const stored = await getPieReceipt(deps.table, pie.id);
  if (stored) return stored;
  const { split, stats, fees } = await computePieSplit({ table: deps.table, clock: deps.clock }, pie);
  const payouts: SplitPayout[] = split.included.map((artist) => ({
    artistKey: artist.artistKey,
    artistId: artist.artistId,
    artistName: artist.artistName,
    cents: artist.cents,
  }));
  const { receipt } = await putPieReceipt(deps.table, {
    pieId: pie.id,
    fanId: pie.fanId,
    ...(split.outcome === 'split' ? { funding: fees.funding } : {}),
    outcome: split.outcome,
    computedAt: deps.clock.now().toISOString(),
    netCents: fees.netCents,
    platformFeeCents: fees.platformCents,
    allocatedCents: split.allocatedCents,
    keptInWalletCents: split.keptInWalletCents,
    payouts,
    stats: toRealtimeStats(pie, fees, split, stats),
  });
  return receipt;
}

/** The accounts a receipt's split debits; a receipt of before funding was frozen debits the fan's wallet account. */
function fundingOf(receipt: StoredPieReceipt): { accountId: AccountId; cents: number }[] {
  return (
    receipt.funding ?? [
      {
        accountId: accountIdOf('fan-wallet', receipt.fanId),
        cents: receipt.allocatedCents + receipt.platformFeeCents,
      },
    ]
  );
}

/**
 * Step 2: the one balanced split transaction; a retry answers the first. When the money the receipt counted on is no
 * longer there (a refund took some of the pie's money between the receipt and now), nothing was written: the stale
 * receipt is dropped so the next attempt splits what is left, and the attempt fails (409).
 */
async function postSplit(
  deps: PieSplitDependencies,
  receipt: StoredPieReceipt,
  log: Logger,
): Promise<string> {
  const postings = buildSplitPostings({
    sources: fundingOf(receipt),
    netCents: receipt.allocatedCents,
    platformFeeCents: receipt.platformFeeCents,
    payouts: receipt.payouts,
    accountOf: accountOfArtistKey,
  });
  try {
    const { transaction } = await postTransaction(
      {
        table: deps.table,
        clock: deps.clock,
        ...(deps.failBeforeChunk ? { failBeforeChunk: deps.failBeforeChunk } : {}),
      },
      {
        kind: 'split',
        idempotencyKey: splitIdempotencyKey(receipt.pieId),
        postings,
        references: { pieId: receipt.pieId, fanId: receipt.fanId },
      },
    );
    return transaction.id;
  } catch (error) {
    if (isAppError(error) && error.code === 'insufficient_balance') {
      const written = await getLedgerTransaction(
        deps.table,
        transactionIdOf(splitIdempotencyKey(receipt.pieId)),
      );
      if (!written) await dropStalePieReceipt(deps.table, receipt.pieId, receipt.computedAt);
      log.warn('pie split refused: its money changed since its receipt was computed', {
        pieId: receipt.pieId,
        fanId: receipt.fanId,
        netCents: receipt.allocatedCents,
      });
    }
    throw error;
  }
}

/** What the mark and My pies show of the lots: at the split every lot is held. */
function totalsOf(
  receipt: StoredPieReceipt,
  held: ReturnType<typeof summariseLots>['held'],
): StoredPieReceiptTotals {
  return {
    outcome: receipt.outcome,
    splitAt: receipt.computedAt,
    allocatedCents: receipt.allocatedCents,
    keptInWalletCents: receipt.keptInWalletCents,
    artistCount: receipt.payouts.length,
    heldCents: held.cents,
    heldArtistCount: held.artistCount,
    heldUntil: held.returnsOn,
  };
}

/** Step 4's companions: the fan's mail, and with nothing to split on a card pie, the event that stops renewals. */
async function buildTellings(
  deps: PieSplitDependencies,
  pie: StoredPie,
  receipt: StoredPieReceipt,
  held: ReturnType<typeof summariseLots>['held'],
): Promise<TransactionItem[]> {
  const now = deps.clock.now();
  const items: TransactionItem[] = [];
  const stopsRenewal = receipt.outcome === 'nothing_to_split' && pie.subscriptionId !== null;
  if (stopsRenewal && pie.subscriptionId) {
    items.push(
      buildOutboxEventPut(deps.table, {
        id: randomUUID(),
        event: {
          type: 'pie.nothing-to-split',
          detail: {
            pieId: pie.id,
            fanId: pie.fanId,
            subscriptionId: pie.subscriptionId,
            periodEnd: pie.periodEnd,
          },
        },
        occurredAt: now,
      }),
    );
  }
  const account = await getAccount(deps.table, 'fan', pie.fanId);
  if (account?.status !== 'active' || !account.email) return items;
  const person = { to: account.email, firstName: account.firstName, siteOrigin: deps.siteOrigin };
  const message =
    receipt.outcome === 'split'
      ? buildPieReceiptMail({ ...person, receipt, held })
      : buildNothingToSplitMail({
          ...person,
          pieId: pie.id,
          periodEnd: pie.periodEnd,
          keptInWalletCents: receipt.keptInWalletCents,
          cancelsSubscription: stopsRenewal,
        });
  items.push(buildOutboxMailPut(deps.table, { id: randomUUID(), message, createdAt: now }));
  return items;
}

/**
 * Splits one pie whose period ended (the fan-work worker's `pie-split`). Answers what it did; throws when it must be
 * tried again (the wallet refused, the card fee is not known yet, DynamoDB failed), so the message comes back and, after
 * the queue's receives, lands in the dead-letter queue for reconciliation.
 */
export async function splitEndedPie(
  deps: PieSplitDependencies,
  pieId: string,
  options: SplitEndedPieOptions,
): Promise<SplitEndedPieResult> {
  try {
    return await splitOnce(deps, pieId, options);
  } catch (error) {
    // Counted, so a pie that keeps failing is raised for staff after a bounded number of tries instead of retried
    // for ever; until then the throw brings the message back.
    const message = error instanceof Error ? error.message : String(error);
    const failure = await recordSplitFailure(deps.table, pieId, message, deps.clock.now());
    if (failure?.raised) {
      options.log.error('pie split raised for staff: it failed too often', {
        alert: true,
        pieId,
        attempts: failure.attempts,
        error: message,
      });
      return { outcome: 'raised', pieId, attempts: failure.attempts, error: message };
    }
    throw error;
  }
}

async function splitOnce(
  deps: PieSplitDependencies,
  pieId: string,
  { log, afterStep }: SplitEndedPieOptions,
): Promise<SplitEndedPieResult> {
  const pie = await getPie(deps.table, pieId);
  if (!pie) return { outcome: 'skipped', pieId, reason: 'not_found' };
  if (pie.status === 'split') return { outcome: 'already_split', pieId };
  if (!hasPeriodEnded(pie, deps.clock.now())) return { outcome: 'skipped', pieId, reason: 'not_ended' };
  if (!isSplittablePie(pie)) return { outcome: 'skipped', pieId, reason: 'not_splittable' };
  if (pie.splitRaisedAt !== undefined) {
    return { outcome: 'raised', pieId, attempts: pie.splitAttempts ?? 0, error: pie.lastSplitError ?? '' };
  }
  if (!pie.promo && pie.processingFeeCents === null) {
    // The net depends on Stripe's fee, which the wallet is debited by when it settles: splitting before would spend it.
    throw new Error(`Pie ${pieId} cannot be split yet: its card processing fee is not known`);
  }

  const receipt = await freezeReceipt(deps, pie);
  await afterStep?.('receipt');
  const transactionId = receipt.outcome === 'split' ? await postSplit(deps, receipt, log) : null;
  await afterStep?.('ledger');
  const lots = buildEscrowLots({
    pieId: pie.id,
    fanId: pie.fanId,
    periodEnd: pie.periodEnd,
    holdingMonths: deps.escrowHoldingMonths,
    payouts: receipt.payouts,
    accountOf: accountOfArtistKey,
  });
  if (lots.length > 0) await putEscrowLots(deps.table, lots);
  // An artist claimed successfully before this split gets its share now, not after a year in escrow (decision 028).
  const settledLots = await releaseLotsOfClaimedArtists(
    { table: deps.table, clock: deps.clock, siteOrigin: deps.siteOrigin },
    lots,
  );
  await afterStep?.('escrow');

  const { held } = summariseLots(settledLots);
  const tellings = await buildTellings(deps, pie, receipt, held);
  const marked = await markPieSplit(deps.table, pie.id, totalsOf(receipt, held), { alongside: tellings });
  await afterStep?.('mark');
  if (!marked) {
    const now = await getPie(deps.table, pieId);
    if (now?.status === 'split') return { outcome: 'already_split', pieId };
    // Refunded or disputed between the fan-out and now: its money went back, yet its split may be on the ledger.
    log.error('pie not marked split: it is no longer splittable', {
      alert: true,
      pieId,
      status: now?.status ?? null,
      inactiveReason: now?.inactiveReason ?? null,
      transactionId,
    });
    return { outcome: 'skipped', pieId, reason: 'not_splittable' };
  }
  log.info('pie split', { pieId, outcome: receipt.outcome, artists: receipt.payouts.length });
  if (transactionId === null) {
    return { outcome: 'nothing_to_split', pieId, keptInWalletCents: receipt.keptInWalletCents };
  }
  return {
    outcome: 'split',
    pieId,
    allocatedCents: receipt.allocatedCents,
    artistCount: receipt.payouts.length,
    transactionId,
  };
}
