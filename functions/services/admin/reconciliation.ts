// Reconciliation (DESIGN §5, docs/decisions/038-reconciliation.md): staff's checks that the money in the table adds
// up, run from the staff console one at a time and all together by the daily `reconciliation` job. This module reads
// what a check needs through the data/ access functions and hands it to the pure rules of
// domain/reconciliation/ (one module per check, what they share in checks.ts).
//
// The ledger is read without Scan: from the platform's own accounts and every fan's wallet accounts (the fan
// directory and each fan's pies), every account's entries, every transaction those entries name, and then every
// account those transactions post to, until no new account turns up. Every movement of money touches a platform
// account or a fan's, so this reaches the whole ledger that is connected to anything; it reads each entry once.
//
// The daily job reads less (docs/decisions/051-reconciliation-checkpoint.md): a clean run leaves a checkpoint (each
// account's entries summed up to a cut-off), and the next reads only what changed since: the transactions booked from
// the cut-off on, the accounts they and the platform, the offices and the held lots touch (each from its own
// checkpoint on), the pies those name or that are late, and the held lots; the same checks run over that. A run that
// finds anything this way runs again over everything, and only that run's findings count; staff's console always
// reads everything.
import type { EscrowLot } from '../../domain/money/escrow';
import { listHeldTotals } from '../../data/escrow-held';
import { listPieLots, pagesOfLotsDue } from '../../data/escrow-lots';
import { listAccountDirectory, listOfficeDirectory } from '../../data/directories';
import { getSuccessfulClaimsOfArtists } from '../../data/claims';
import {
  getLedgerBalances,
  getLedgerTransaction,
  getLedgerTransactions,
  listLedgerEntries,
  listLedgerEntriesSince,
  transactionIdOf,
} from '../../data/ledger';
import { listIndexedTransactions } from '../../data/ledger-index';
import type {
  ReconciledAccountCheckpoint,
  ReconciliationCheckpoint,
} from '../../data/reconciliation-checkpoint';
import {
  clearReconciliationCheckpoint,
  getReconciledAccounts,
  getReconciliationCheckpoint,
  putReconciliationCheckpoint,
} from '../../data/reconciliation-checkpoint';
import { getPieReceipts } from '../../data/pie-receipts';
import type { StoredPie } from '../../data/pies';
import { getPie, listAllFanPies, pagesOfPiesDue } from '../../data/pies';
import type { TableRef } from '../../data/table';
import { splitIdempotencyKey } from '../../domain/money/escrow';
import type { AccountId } from '../../domain/money/ledger';
import {
  accountIdOf,
  clearingAccountOf,
  fanOfAccount,
  parseAccountId,
  platformAccountTypes,
  platformOwner,
} from '../../domain/money/ledger';
import type {
  CheckResult,
  LedgerSnapshot,
  ReconciledAccount,
  ReconciledEntry,
  ReconciledTransaction,
  ReconciliationCheckType,
} from '../../domain/reconciliation/checks';
import { dailyJobGraceMs, pendingGraceMs } from '../../domain/reconciliation/checks';
import { checkEscrow } from '../../domain/reconciliation/escrow-check';
import { checkLedger } from '../../domain/reconciliation/ledger-check';
import type { ReconciledPayout, StripeLegs } from '../../domain/reconciliation/payout-check';
import { checkPayouts } from '../../domain/reconciliation/payout-check';
import type { ReconciledReceipt } from '../../domain/reconciliation/pie-check';
import { checkPies } from '../../domain/reconciliation/pie-check';
import type { StripeBalanceMovement } from '../../domain/reconciliation/stripe-check';
import { checkStripe, ledgerStripeReferences } from '../../domain/reconciliation/stripe-check';
import type { FanWallet } from '../../domain/reconciliation/wallet-check';
import { checkWallets } from '../../domain/reconciliation/wallet-check';
import type { BalanceTransactionView, StripeGateway } from '../../integrations/stripe/port';
import { listOfficePayouts } from '../../data/payouts';
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

/** How many reads run at once: a batch check should not take a table's whole capacity. */
const parallelReads = 8;

async function inParallel<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await read(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelReads, items.length) }, worker));
  return results;
}

async function allEntriesOf(table: TableRef, accountId: AccountId): Promise<ReconciledEntry[]> {
  const entries: ReconciledEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await listLedgerEntries(table, accountId, { limit: 500, cursor });
    entries.push(...page.entries);
    cursor = page.cursor;
  } while (cursor);
  return entries;
}

interface Fans {
  wallets: FanWallet[];
  pies: StoredPie[];
}

/** Every fan (deleted ones too: their money stays on the ledger) with their pies. */
async function readFans(table: TableRef): Promise<Fans> {
  const fans = await listAccountDirectory(table, 'fan');
  const piesOfFans = await inParallel(fans, (fan) => listAllFanPies(table, fan.id));
  const wallets = fans.map((fan, index) => ({
    fanId: fan.id,
    accountIds: [
      accountIdOf('fan-wallet', fan.id),
      ...(piesOfFans[index] ?? []).map((pie) => accountIdOf('pie-funds', pie.id)),
    ],
  }));
  return { wallets, pies: piesOfFans.flat() };
}

/** What a reading from a checkpoint knows of each account it read: its checkpoint (null: none, read whole). */
type Openings = Map<AccountId, ReconciledAccountCheckpoint | null>;

/** A reading from a checkpoint: what it found of each account, and the accounts a transaction since touched. */
interface FromCheckpoint {
  openings: Openings;
  touched: Set<AccountId>;
}

/**
 * The entries of each of `accounts` from its checkpoint on. An account no transaction since the cut-off touched and
 * still at its checkpoint's balance has none (an entry since would be of such a transaction, or move its balance):
 * it costs its balance and checkpoint, not a Query.
 */
function entriesSinceCheckpoints(
  table: TableRef,
  accounts: readonly AccountId[],
  checkpoints: ReadonlyMap<AccountId, ReconciledAccountCheckpoint>,
  balances: ReadonlyMap<AccountId, number>,
  touched: ReadonlySet<AccountId>,
): Promise<ReconciledEntry[][]> {
  return inParallel(accounts, (accountId) => {
    const checkpoint = checkpoints.get(accountId);
    if (checkpoint && !touched.has(accountId) && (balances.get(accountId) ?? 0) === checkpoint.cents)
      return Promise.resolve([]);
    return listLedgerEntriesSince(table, accountId, checkpoint?.upTo ?? null);
  });
}

/**
 * The ledger reached from `start`: every account's balance and entries, every transaction they name. From a
 * checkpoint, each account's entries from its own checkpoint on (its sum as the opening), and what was found kept.
 */
async function readLedger(
  table: TableRef,
  start: readonly AccountId[],
  from?: FromCheckpoint,
): Promise<LedgerSnapshot> {
  const accounts = new Map<AccountId, ReconciledAccount>();
  const transactions = new Map<string, ReconciledTransaction | null>();
  let frontier = [...new Set(start)];
  while (frontier.length > 0) {
    const checkpoints = from ? await getReconciledAccounts(table, frontier) : null;
    const [balances, everyEntryOf] = await Promise.all([
      getLedgerBalances(table, frontier),
      checkpoints ? null : inParallel(frontier, (accountId) => allEntriesOf(table, accountId)),
    ]);
    const entriesOf =
      everyEntryOf ??
      (await entriesSinceCheckpoints(
        table,
        frontier,
        checkpoints ?? new Map(),
        balances,
        from?.touched ?? new Set(),
      ));
    frontier.forEach((accountId, index) => {
      const checkpoint = checkpoints?.get(accountId) ?? null;
      from?.openings.set(accountId, checkpoint);
      accounts.set(accountId, {
        accountId,
        balanceCents: balances.get(accountId) ?? 0,
        entries: entriesOf[index] ?? [],
        ...(checkpoint ? { openingCents: checkpoint.cents } : {}),
      });
    });
    const unread = [...new Set(entriesOf.flat().map((entry) => entry.transactionId))].filter(
      (id) => !transactions.has(id),
    );
    const read = await getLedgerTransactions(table, unread);
    const next = new Set<AccountId>();
    unread.forEach((id) => {
      const transaction = read.get(id) ?? null;
      transactions.set(id, transaction);
      if (!transaction) return;
      for (const posting of transaction.postings) next.add(posting.accountId);
      if (transaction.chunkCount > 1) next.add(clearingAccountOf(transaction.id));
    });
    for (const accountId of next) from?.touched.add(accountId);
    frontier = [...next].filter((accountId) => !accounts.has(accountId));
  }
  return { accounts, transactions };
}

interface Reading {
  /** Every fan and pie; from a checkpoint: the fans and pies whose money changed, and the pies late to be split. */
  fans: Fans;
  officeIds: string[];
  ledger: LedgerSnapshot;
  /** Read from a checkpoint: the checkpoint, each account's own, and every lot still held. */
  changes?: { checkpoint: ReconciliationCheckpoint; openings: Openings; heldLots: EscrowLot[] };
}

const platformAccounts = platformAccountTypes.map((type) => accountIdOf(type, platformOwner));
const officeAccountsOf = (officeIds: readonly string[]) =>
  officeIds.flatMap((officeId) => [officePayableOf(officeId), connectInFlightOf(officeId)]);

async function readMoney(table: TableRef): Promise<Reading> {
  const [fans, offices] = await Promise.all([readFans(table), listOfficeDirectory(table)]);
  const officeIds = offices.map((office) => office.id);
  const start = [
    ...platformAccounts,
    ...fans.wallets.flatMap((wallet) => wallet.accountIds),
    ...officeAccountsOf(officeIds),
  ];
  return { fans, officeIds, ledger: await readLedger(table, start) };
}

/** Later than any lot's holding ends: the held lots' index up to it is every lot still held. */
const endOfTime = new Date('9999-12-31T23:59:59.999Z');

async function allOf<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of pages) all.push(...page);
  return all;
}

/**
 * What changed since a clean run's checkpoint: the transactions booked from its cut-off on (the ledger index), the
 * accounts they post to, with the platform's, the offices' and those of the held lots, each from its own checkpoint
 * on; the pies those accounts and transactions name and the pies late to be split (the index of pies due); and their
 * fans' wallets as far as they were read.
 */
async function readChanges(
  table: TableRef,
  checkpoint: ReconciliationCheckpoint,
  now: Date,
): Promise<Reading> {
  const to = new Date(now.getTime() + 1000).toISOString();
  const [booked, offices, heldLots, latePies] = await Promise.all([
    listIndexedTransactions(table, 'ledger', { from: checkpoint.cutoff, to }),
    listOfficeDirectory(table),
    allOf(pagesOfLotsDue(table, endOfTime)),
    allOf(pagesOfPiesDue(table, new Date(now.getTime() - dailyJobGraceMs))),
  ]);
  const officeIds = offices.map((office) => office.id);
  const openings: Openings = new Map();
  const postedTo = new Set(
    booked.flatMap((transaction) => transaction.postings.map((posting) => posting.accountId)),
  );
  const start = [
    ...platformAccounts,
    ...officeAccountsOf(officeIds),
    ...postedTo,
    ...heldLots.map((lot) => lot.accountId),
  ];
  const ledger = await readLedger(table, start, { openings, touched: postedTo });
  const pieIds = new Set<string>();
  for (const accountId of ledger.accounts.keys()) {
    const account = parseAccountId(accountId);
    if (account.type === 'pie-funds') pieIds.add(account.owner);
  }
  for (const transaction of ledger.transactions.values()) {
    const pieId = transaction?.references['pieId'];
    if (pieId !== undefined && transaction && transaction.at >= checkpoint.cutoff) pieIds.add(pieId);
  }
  for (const pie of latePies) pieIds.delete(pie.id);
  const touched = (await inParallel([...pieIds], (pieId) => getPie(table, pieId))).flatMap((pie) =>
    pie ? [pie] : [],
  );
  const pies = [...touched, ...latePies];
  const fanOfPie = new Map(pies.map((pie) => [pie.id, pie.fanId] as const));
  const walletOf = new Map<string, AccountId[]>();
  for (const accountId of ledger.accounts.keys()) {
    const fanId = fanOfAccount(accountId, fanOfPie);
    if (fanId === undefined) continue;
    walletOf.set(fanId, [...(walletOf.get(fanId) ?? []), accountId]);
  }
  const wallets = [...walletOf].map(([fanId, accountIds]) => ({ fanId, accountIds }));
  return { fans: { wallets, pies }, officeIds, ledger, changes: { checkpoint, openings, heldLots } };
}

/** Every office's payouts, read once a run however many checks ask. */
const payoutsOfReading = new WeakMap<Reading, Promise<ReconciledPayout[]>>();

function readPayouts(table: TableRef, reading: Reading): Promise<ReconciledPayout[]> {
  let payouts = payoutsOfReading.get(reading);
  if (!payouts) {
    payouts = inParallel(reading.officeIds, (id) => listOfficePayouts(table, id)).then((all) => all.flat());
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
): Promise<{ payouts: ReconciledPayout[]; snapshot: LedgerSnapshot }> {
  const all = await readPayouts(table, reading);
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

async function runPayouts(deps: ReconciliationDependencies, reading: Reading): Promise<CheckResult> {
  const { payouts, snapshot } = await payoutsToCheck(deps.table, reading);
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
 * The stripe check over the last `stripeCheckPeriodDays`: the platform's balance transactions of the period and each
 * office's connected account's bank payouts (the SDK's auto-pagination, the same calls against the sandbox and
 * Stripe), plus, looked up by source, the Stripe object of each ledger transaction of the period that moved money
 * just before the period began.
 */
async function runStripe(
  deps: ReconciliationDependencies,
  reading: Reading,
  now: Date,
): Promise<CheckResult> {
  const to = new Date(now.getTime() + 1000);
  const from = new Date(now.getTime() - stripeCheckPeriodDays * 86_400_000);
  const payouts: ReconciledPayout[] = await readPayouts(deps.table, reading);
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

async function checksOver(
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
    else if (check === 'payout') results.push(await runPayouts(deps, reading));
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
