// What the reconciliation reads (docs/decisions/038-reconciliation.md, 051-reconciliation-checkpoint.md): the money
// in the table as the checks in reconciliation.ts see it. `readMoney` reads everything without Scan: from the
// platform's own accounts, every fan's wallet accounts and every office's, each account's entries, every transaction
// those entries name, and every account those transactions post to, until no new account turns up. `readChanges`
// reads, from a clean run's checkpoint, only what changed since: the transactions booked from its cut-off on, the
// accounts they, the platform, the offices and the held lots touch (each from its own checkpoint on), the pies they
// name or that are late to be split, and the held lots.
import type { EscrowLot } from '../../domain/money/escrow';
import { pagesOfLotsDue } from '../../data/escrow-lots';
import { listAccountDirectory, listOfficeDirectory } from '../../data/directories';
import { getLedgerBalances, getLedgerTransactions, listLedgerEntriesSince } from '../../data/ledger';
import { listIndexedTransactions } from '../../data/ledger-index';
import type {
  ReconciledAccountCheckpoint,
  ReconciliationCheckpoint,
} from '../../data/reconciliation-checkpoint';
import { getReconciledAccounts } from '../../data/reconciliation-checkpoint';
import type { StoredPie } from '../../data/pies';
import { getPie, listAllFanPies, pagesOfPiesDue } from '../../data/pies';
import type { TableRef } from '../../data/table';
import { mapItems } from '../../data/table';
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
  LedgerSnapshot,
  ReconciledAccount,
  ReconciledEntry,
  ReconciledTransaction,
} from '../../domain/reconciliation/checks';
import { dailyJobGraceMs } from '../../domain/reconciliation/checks';
import type { FanWallet } from '../../domain/reconciliation/wallet-check';
import { connectInFlightOf, officePayableOf } from '../connect/money';

/** How many reads run at once: a batch check should not take a table's whole capacity. */
const parallelReads = 8;

/** Reads each item, `parallelReads` at once, and answers the results in the items' order. */
export function inParallel<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  return mapItems(items, parallelReads, read);
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
      checkpoints
        ? null
        : inParallel(frontier, (accountId) => listLedgerEntriesSince(table, accountId, null)),
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

export interface Reading {
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

export async function readMoney(table: TableRef): Promise<Reading> {
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
export async function readChanges(
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
