// Reconciliation (DESIGN §5, docs/decisions/038-reconciliation.md): staff's checks that the money in the table adds
// up, run from the staff console one at a time and all together by the daily `reconciliation` job. This module reads
// what a check needs through the data/ access functions and hands it to the pure rules of
// domain/reconciliation/ (one module per check, what they share in checks.ts).
//
// What the checks read, everything or only what changed since a clean run's checkpoint, is reconciliation-reading.ts.
// The daily job reads only the changes (docs/decisions/051-reconciliation-checkpoint.md); a run that finds anything
// so runs again over everything, and only that run's findings count; staff's console always reads everything.
import type { EscrowLot } from '../../domain/money/escrow';
import { listHeldTotals } from '../../data/escrow-held';
import { listPieLots } from '../../data/escrow-lots';
import { getSuccessfulClaimsOfArtists } from '../../data/claims';
import { getLedgerTransaction, getLedgerTransactions, transactionIdOf } from '../../data/ledger';
import { listIndexedTransactions } from '../../data/ledger-index';
import type { ReconciledAccountCheckpoint } from '../../data/reconciliation-checkpoint';
import {
  clearReconciliationCheckpoint,
  getReconciliationCheckpoint,
  putReconciliationCheckpoint,
} from '../../data/reconciliation-checkpoint';
import { getPieReceipts } from '../../data/pie-receipts';
import type { TableRef } from '../../data/table';
import { splitIdempotencyKey } from '../../domain/money/escrow';
import { accountIdOf, platformOwner } from '../../domain/money/ledger';
import type {
  CheckResult,
  LedgerSnapshot,
  ReconciledTransaction,
  ReconciliationCheckType,
} from '../../domain/reconciliation/checks';
import { pendingGraceMs } from '../../domain/reconciliation/checks';
import { checkEscrow } from '../../domain/reconciliation/escrow-check';
import { checkLedger } from '../../domain/reconciliation/ledger-check';
import type { ReconciledPayout, StripeLegs } from '../../domain/reconciliation/payout-check';
import { checkPayouts } from '../../domain/reconciliation/payout-check';
import type { ReconciledReceipt } from '../../domain/reconciliation/pie-check';
import { checkPies } from '../../domain/reconciliation/pie-check';
import type { StripeBalanceMovement } from '../../domain/reconciliation/stripe-check';
import { checkStripe, ledgerStripeReferences } from '../../domain/reconciliation/stripe-check';
import { checkWallets } from '../../domain/reconciliation/wallet-check';
import type { BalanceTransactionView, StripeGateway } from '../../integrations/stripe/port';
import { listOfficePayouts, listOpenPayouts, listPayoutsChangedSince } from '../../data/payouts';
import { connectInFlightOf, officePayableOf } from '../connect/money';
import { paymentsDependencies } from '../payments/dependencies';
import type { DomainEvent } from '../../contracts/events';
import { domainEventSchemas } from '../../contracts/events';
import { createEventPublisher } from '../../integrations/event-bus';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getEnv } from '../../runtime/env';
import { getTable } from '../../runtime/table';
import { accountOfArtistKey } from '../pie/pie-split';
import type { Reading } from './reconciliation-reading';
import { inParallel, readChanges, readMoney } from './reconciliation-reading';

export interface ReconciliationDependencies {
  table: TableRef;
  clock: Clock;
  /** Stripe, for the payout check's transfers and bank payouts and the stripe check's balance transactions. */
  stripe(): Promise<StripeGateway>;
}

export function reconciliationDependencies(): ReconciliationDependencies {
  return { table: getTable(), clock: getClock(), stripe: paymentsDependencies().stripe };
}

const platformFeesAccount = accountIdOf('platform-fees', platformOwner);
const stripeClearingAccount = accountIdOf('stripe-clearing', platformOwner);
const processingFeesAccount = accountIdOf('processing-fees', platformOwner);

/** The stripe check compares the balance transactions Stripe created in this many days up to now. */
export const stripeCheckPeriodDays = 31;

/**
 * Where the stripe check's period begins: `stripeCheckPeriodDays` back; read from a checkpoint, a day before its
 * cut-off (at most that far back). Each clean run's checkpoint lies `checkpointLagMs` before it ran, so the periods
 * of consecutive runs overlap and every instant since the first run falls in one.
 */
function stripePeriodStart(reading: Reading, now: Date): Date {
  const longest = now.getTime() - stripeCheckPeriodDays * 86_400_000;
  if (!reading.changes) return new Date(longest);
  return new Date(Math.max(longest, Date.parse(reading.changes.checkpoint.cutoff) - 86_400_000));
}

/**
 * The payouts a run reads, once however many checks ask: every office's; read from a checkpoint, those still open
 * and those changed since a day before the stripe check's period (its transfers and bank payouts, and every booking
 * or settlement since the cut-off, which change their payout), through the payouts' indexes by change and open.
 */
const payoutsOfReading = new WeakMap<Reading, Promise<ReconciledPayout[]>>();

function readPayouts(table: TableRef, reading: Reading, now: Date): Promise<ReconciledPayout[]> {
  let payouts = payoutsOfReading.get(reading);
  if (!payouts) {
    payouts = reading.changes
      ? Promise.all([
          listOpenPayouts(table),
          listPayoutsChangedSince(
            table,
            new Date(stripePeriodStart(reading, now).getTime() - 86_400_000),
            now,
          ),
        ]).then(([open, changed]) => [...new Map([...open, ...changed].map((p) => [p.id, p])).values()])
      : inParallel(reading.officeIds, (id) => listOfficePayouts(table, id)).then((all) => all.flat());
    payoutsOfReading.set(reading, payouts);
  }
  return payouts;
}

/**
 * The payouts the payout check looks at, and the ledger it looks them up in. Every payout; read from a checkpoint,
 * only the open ones and those whose booking or settlement was read, with their other transaction looked up.
 */
async function payoutsToCheck(
  table: TableRef,
  reading: Reading,
  now: Date,
): Promise<{ payouts: ReconciledPayout[]; snapshot: LedgerSnapshot }> {
  const all = await readPayouts(table, reading, now);
  if (!reading.changes) return { payouts: all, snapshot: reading.ledger };
  const read = reading.ledger.transactions;
  const payouts = all.filter(
    (payout) =>
      payout.status === 'pending' ||
      payout.status === 'in_progress' ||
      read.has(payout.transactionId) ||
      (payout.settlementTransactionId !== undefined && read.has(payout.settlementTransactionId)),
  );
  const missing = payouts
    .flatMap((payout) => [payout.transactionId, payout.settlementTransactionId ?? ''])
    .filter((id) => id !== '' && !read.has(id));
  const found = await getLedgerTransactions(table, [...new Set(missing)]);
  return {
    payouts,
    snapshot: { accounts: reading.ledger.accounts, transactions: new Map([...read, ...found]) },
  };
}

async function runPayouts(
  deps: ReconciliationDependencies,
  reading: Reading,
  now: Date,
): Promise<CheckResult> {
  const { payouts, snapshot } = await payoutsToCheck(deps.table, reading, now);
  const sent = payouts.filter(
    (payout) => payout.transferId !== undefined || payout.stripePayoutId !== undefined,
  );
  const stripe = sent.length > 0 ? await deps.stripe() : null;
  const legs = new Map<string, StripeLegs>();
  await inParallel(sent, async (payout) => {
    if (!stripe) return;
    const [transfer, bankPayout] = await Promise.all([
      payout.transferId ? stripe.retrieveTransfer(payout.transferId) : undefined,
      payout.stripePayoutId
        ? stripe.retrieveConnectPayout(payout.stripeAccountId, payout.stripePayoutId)
        : undefined,
    ]);
    legs.set(payout.id, {
      ...(transfer === undefined ? {} : { transfer }),
      ...(bankPayout === undefined ? {} : { bankPayout }),
    });
  });
  return checkPayouts({
    snapshot,
    payouts,
    officeIds: reading.officeIds,
    stripe: legs,
    inFlightAccountOf: connectInFlightOf,
    payableAccountOf: officePayableOf,
  });
}

/** Every lot of the pies read, and, read from a checkpoint, every lot still held (a pie's own reading first). */
async function lotsOf(table: TableRef, reading: Reading): Promise<EscrowLot[]> {
  const ofPies = (await inParallel(reading.fans.pies, (pie) => listPieLots(table, pie.id))).flat();
  if (!reading.changes) return ofPies;
  const read = new Set(ofPies.map((lot) => `${lot.pieId}/${lot.artistKey}`));
  return [...ofPies, ...reading.changes.heldLots.filter((lot) => !read.has(`${lot.pieId}/${lot.artistKey}`))];
}

async function runEscrow(table: TableRef, reading: Reading, now: Date): Promise<CheckResult> {
  const lots = await lotsOf(table, reading);
  const artistIds = lots.flatMap((lot) => (lot.status === 'held' && lot.artistId ? [lot.artistId] : []));
  const claimed = artistIds.length > 0 ? await getSuccessfulClaimsOfArtists(table, artistIds) : new Map();
  return checkEscrow({
    snapshot: reading.ledger,
    lots,
    claimedArtistIds: new Set(claimed.keys()),
    now,
    heldTotals: await listHeldTotals(table),
  });
}

async function runPies(table: TableRef, reading: Reading, now: Date): Promise<CheckResult> {
  const splitPies = reading.fans.pies.filter((pie) => pie.status === 'split');
  const receipts: Map<string, ReconciledReceipt> = await getPieReceipts(
    table,
    splitPies.map((pie) => pie.id),
  );
  const splits = new Map<string, ReconciledTransaction | null>();
  for (const pie of splitPies) {
    const id = transactionIdOf(splitIdempotencyKey(pie.id));
    // The split posts to the pie's own money, so the ledger reading already holds it; read it when it does not.
    splits.set(pie.id, reading.ledger.transactions.get(id) ?? (await getLedgerTransaction(table, id)));
  }
  return checkPies({
    pies: reading.fans.pies,
    receipts,
    splits,
    accountOfArtistKey,
    platformFeesAccount,
    now,
  });
}

function movementOf(transaction: BalanceTransactionView, accountId: string | null): StripeBalanceMovement {
  return {
    id: transaction.id,
    amountCents: transaction.amountCents,
    feeCents: transaction.feeCents,
    reportingCategory: transaction.reportingCategory,
    sourceId: transaction.sourceId,
    accountId,
  };
}

/**
 * The ledger the stripe check compares with Stripe's period: the whole ledger read; read from a checkpoint, with the
 * transactions booked from a day before the period began (the ledger index), which book the period's movements.
 */
async function ledgerOfPeriod(
  table: TableRef,
  reading: Reading,
  from: Date,
  to: Date,
): Promise<LedgerSnapshot> {
  if (!reading.changes) return reading.ledger;
  const read = reading.ledger.transactions;
  const period = await listIndexedTransactions(table, 'ledger', {
    from: new Date(from.getTime() - 86_400_000).toISOString(),
    to: to.toISOString(),
  });
  const found = await getLedgerTransactions(
    table,
    period.map((transaction) => transaction.id).filter((id) => !read.has(id)),
  );
  return { accounts: reading.ledger.accounts, transactions: new Map([...read, ...found]) };
}

/**
 * The stripe check over the last `stripeCheckPeriodDays` (from a checkpoint, since a day before its cut-off): the
 * platform's balance transactions of the period and each paying office's connected account's bank payouts (the SDK's auto-pagination, the same calls against the sandbox and
 * Stripe), plus, looked up by source, the Stripe object of each ledger transaction of the period that moved money
 * just before the period began.
 */
async function runStripe(
  deps: ReconciliationDependencies,
  reading: Reading,
  now: Date,
): Promise<CheckResult> {
  const to = new Date(now.getTime() + 1000);
  const from = stripePeriodStart(reading, now);
  const payouts: ReconciledPayout[] = await readPayouts(deps.table, reading, now);
  const stripe = await deps.stripe();
  const accounts = [...new Set(payouts.map((payout) => payout.stripeAccountId))];
  const [platform, connected] = await Promise.all([
    stripe.listBalanceTransactions({ from, to }),
    inParallel(accounts, async (accountId) =>
      (await stripe.listBalanceTransactions({ from, to, accountId, type: 'payout' })).map((t) =>
        movementOf(t, accountId),
      ),
    ),
  ]);
  const movements = [...platform.map((t) => movementOf(t, null)), ...connected.flat()];
  const listed = new Set(movements.map((movement) => movement.sourceId ?? movement.id));
  const ledger = await ledgerOfPeriod(deps.table, reading, from, to);
  const references = ledgerStripeReferences(ledger, payouts, from, to);
  const missing = references.filter((reference) => !listed.has(reference.sourceId));
  const lookedUp = await inParallel(missing, async (reference) =>
    (
      await stripe.listBalanceTransactions({
        from: new Date(0),
        to,
        source: reference.sourceId,
        ...(reference.accountId ? { accountId: reference.accountId } : {}),
      })
    ).map((t) => movementOf(t, reference.accountId)),
  );
  const seen = new Set(movements.map((movement) => movement.id));
  for (const movement of lookedUp.flat()) {
    if (!seen.has(movement.id)) movements.push(movement);
    seen.add(movement.id);
  }
  return checkStripe({
    snapshot: ledger,
    movements,
    payouts,
    references,
    clearingAccount: stripeClearingAccount,
    feesAccount: processingFeesAccount,
    settledBefore: new Date(now.getTime() - pendingGraceMs),
  });
}

/** Every reconciliation check. */
export const builtReconciliationChecks = [
  'ledger',
  'wallet',
  'escrow',
  'pie',
  'payout',
  'stripe',
] as const satisfies readonly ReconciliationCheckType[];
export type BuiltReconciliationCheck = (typeof builtReconciliationChecks)[number];

/** Runs the given checks over one reading of the whole table (staff's console). */
export async function runReconciliationChecks(
  deps: ReconciliationDependencies,
  checks: readonly BuiltReconciliationCheck[],
): Promise<CheckResult[]> {
  const now = deps.clock.now();
  return checksOver(deps, await readMoney(deps.table), checks, now);
}

/** Runs the given checks over a reading (everything, or what changed since a checkpoint: the daily run's). */
export async function checksOver(
  deps: ReconciliationDependencies,
  reading: Reading,
  checks: readonly BuiltReconciliationCheck[],
  now: Date,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of checks) {
    if (check === 'ledger') results.push(checkLedger(reading.ledger, now));
    else if (check === 'wallet') results.push(checkWallets(reading.ledger, reading.fans.wallets));
    else if (check === 'escrow') results.push(await runEscrow(deps.table, reading, now));
    else if (check === 'pie') results.push(await runPies(deps.table, reading, now));
    else if (check === 'payout') results.push(await runPayouts(deps, reading, now));
    else results.push(await runStripe(deps, reading, now));
  }
  return results;
}

/** One check, as `POST /api/admin/financial-reconciliation/run-{type}-check` runs it. */
export async function runReconciliationCheck(
  deps: ReconciliationDependencies,
  check: BuiltReconciliationCheck,
): Promise<CheckResult> {
  const [result] = await runReconciliationChecks(deps, [check]);
  if (!result) throw new Error(`Reconciliation check ${check} gave no result`);
  return result;
}

/** The event a reconciliation run raises; EventBridge takes 256 KB, so it names at most this many problems. */
export const maxProblemsPerAlert = 100;

export interface DailyReconciliationDependencies extends ReconciliationDependencies {
  /** The bus `reconciliation.failed` goes on (the `reconciliation-alerts` rule pages and mails staff from it). */
  publishEvent: (event: DomainEvent) => Promise<void>;
}

/** The deployment's table, clock and event bus (the local runtime's bus locally). */
export function dailyReconciliationDependencies(): DailyReconciliationDependencies {
  const env = getEnv();
  if (!env.EVENT_BUS_NAME) throw new Error('EVENT_BUS_NAME is not configured: alerts cannot be raised.');
  const bus = createEventPublisher({
    region: env.AWS_REGION,
    busName: env.EVENT_BUS_NAME,
    endpoint: env.EVENT_BUS_ENDPOINT,
  });
  return {
    ...reconciliationDependencies(),
    publishEvent: (event) => bus.publish(event.type, domainEventSchemas[event.type].parse(event.detail)),
  };
}

/**
 * A checkpoint's cut-off lies this long before its run: a write whose instant was taken before it has long been
 * written (a function runs 15 minutes at most), and Stripe retries a webhook for three days, so a payment booked at
 * the instant it was paid mostly falls after it. One booked behind it changes a platform account read every run,
 * whose balance then is not its entries: that run reads everything again.
 */
export const checkpointLagMs = 3 * 86_400_000;

/**
 * The checkpoint of a clean run: its cut-off (`checkpointLagMs` before now, never before the last one) and, for each
 * account read that has none yet or had entries before the new cut-off, what its entries before it sum to.
 */
async function writeCheckpoint(table: TableRef, reading: Reading, now: Date): Promise<void> {
  const last = reading.changes?.checkpoint.cutoff ?? '';
  const lagged = new Date(now.getTime() - checkpointLagMs).toISOString();
  const cutoff = lagged > last ? lagged : last;
  const accounts: ReconciledAccountCheckpoint[] = [];
  for (const account of reading.ledger.accounts.values()) {
    const before = account.entries.filter((entry) => entry.at < cutoff);
    const had = reading.changes?.openings.get(account.accountId) ?? null;
    if (had && before.length === 0) continue;
    accounts.push({
      accountId: account.accountId,
      cents: (account.openingCents ?? 0) + sum(before.map((entry) => entry.amountCents)),
      upTo: cutoff,
    });
  }
  await putReconciliationCheckpoint(table, { cutoff, at: now.toISOString() }, accounts);
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The daily `reconciliation` job: every built check and, when any found something, one `reconciliation.failed` event
 * for the run: every check with its counts and the first `maxProblemsPerAlert` problems, check by check, then how
 * many more. The `reconciliation-alerts` consumer pages and mails staff from it, once per run id. With a clean run's
 * checkpoint it reads only what changed since; when that finds anything it reads everything and reports that. A
 * clean run writes its checkpoint; one that found a problem removes it, so the next reads everything. Running it
 * again is another run, and raises its own alert.
 */
export async function runDailyReconciliation(
  deps: DailyReconciliationDependencies,
  runId: string,
): Promise<{ results: CheckResult[]; alerts: number; read: 'everything' | 'changes' }> {
  const now = deps.clock.now();
  const checkpoint = await getReconciliationCheckpoint(deps.table);
  let read: 'everything' | 'changes' = checkpoint ? 'changes' : 'everything';
  let reading = checkpoint ? await readChanges(deps.table, checkpoint, now) : await readMoney(deps.table);
  let results = await checksOver(deps, reading, builtReconciliationChecks, now);
  if (read === 'changes' && results.some((result) => result.problems.length > 0)) {
    read = 'everything';
    reading = await readMoney(deps.table);
    results = await checksOver(deps, reading, builtReconciliationChecks, now);
  }
  const problems = results.flatMap((result) => result.problems);
  if (problems.length === 0) {
    await writeCheckpoint(deps.table, reading, now);
    return { results, alerts: 0, read };
  }
  if (checkpoint) await clearReconciliationCheckpoint(deps.table);
  const named = problems.slice(0, maxProblemsPerAlert).map((problem) => ({
    check: problem.check,
    subject: problem.subject,
    expected: problem.expected,
    found: problem.found,
    message: problem.message,
  }));
  await deps.publishEvent({
    type: 'reconciliation.failed',
    detail: {
      runId,
      checks: results.map((result) => ({
        check: result.check,
        checked: result.checked,
        problemCount: result.problems.length,
      })),
      problems: named,
      moreProblems: problems.length - named.length,
    },
  });
  return { results, alerts: 1, read };
}
