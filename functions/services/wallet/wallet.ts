// The fan wallet (SPEC §7 `/fan-wallet/*`, issue #11): the fan's ledger account read back in the product's words.
// Its balance is the ledger's; its lines are the account's entries, each described by the kind of the transaction
// it belongs to; its summary adds those entries up by kind. A fan has a handful of entries a month (a payment, its
// fee, a split, now and then a refund), so reading all of them for a page or the summary is a few small Query pages,
// and the total count of a filtered list needs them anyway.
import type { Pagination } from '../../contracts/envelope';
import type { WalletSummary, WalletTransaction } from '../../contracts/payments';
import { listPieLots } from '../../data/escrow-lots';
import type { LedgerEntry, StoredTransaction } from '../../data/ledger';
import type { TableRef } from '../../data/table';
import type { AccountId, TransactionKind } from '../../domain/money/ledger';
import { accountIdOf, parseAccountId } from '../../domain/money/ledger';
import { getBalance, getTransaction, listEntries } from '../ledger';
import { getTable } from '../../runtime/table';

export interface WalletDependencies {
  table: TableRef;
}

export function walletDependencies(): WalletDependencies {
  return { table: getTable() };
}

type WalletKind = WalletTransaction['kind'];

/**
 * The wallet line a ledger kind is shown as. Kinds beyond the wallet's own (escrow moves, give-backs) are named by
 * what they did for the fan, should the later money issues post them to a wallet.
 */
const walletKindOf: Record<TransactionKind, WalletKind> = {
  'fan-payment': 'fan-payment',
  'processing-fee': 'processing-fee',
  'promo-funding': 'promo-funding',
  split: 'split',
  'escrow-hold': 'split',
  'escrow-release': 'split',
  'escrow-return': 'escrow-return',
  'give-back': 'escrow-return',
  refund: 'refund',
  dispute: 'dispute',
  'dispute-fee': 'dispute',
  transfer: 'reversal',
  'transfer-reversal': 'reversal',
  payout: 'reversal',
  reversal: 'reversal',
};

const descriptions: Record<Exclude<WalletKind, 'reversal'>, string> = {
  'fan-payment': 'Card payment for your pie',
  'processing-fee': "Stripe's processing fee",
  'promo-funding': 'Free pie from the /try offer',
  split: 'Your pie, split among the artists you listened to',
  'escrow-return': 'Returned from artists who did not join in time',
  refund: 'Refund to your card',
  dispute: 'Taken back by a card dispute',
};

function describe(kind: TransactionKind, reversedKind: TransactionKind | null): string {
  const shown = walletKindOf[kind];
  if (shown !== 'reversal') return descriptions[shown];
  if (reversedKind === 'dispute') return 'Card dispute closed in your favour';
  const original = reversedKind ? walletKindOf[reversedKind] : 'reversal';
  return original === 'reversal'
    ? 'Correction of an earlier entry'
    : `Correction of an earlier entry: ${descriptions[original]}`;
}

function walletOf(fanId: string): AccountId {
  return accountIdOf('fan-wallet', fanId);
}

/** Every entry of the fan's wallet, newest first. */
async function listAllWalletEntries(deps: WalletDependencies, fanId: string): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await listEntries(deps, walletOf(fanId), { limit: 100, cursor });
    entries.push(...page.entries);
    cursor = page.cursor;
  } while (cursor);
  return entries;
}

/** The transactions of `entries` (one each, read in parallel), by id, with the kinds reversals reverse. */
async function readTransactions(
  deps: WalletDependencies,
  entries: readonly LedgerEntry[],
): Promise<{
  byId: Map<string, StoredTransaction>;
  reversedKindOf: (t: StoredTransaction) => TransactionKind | null;
}> {
  const ids = [...new Set(entries.map((entry) => entry.transactionId))];
  const byId = new Map((await Promise.all(ids.map((id) => getTransaction(deps, id)))).map((t) => [t.id, t]));
  const reversedIds = [...byId.values()].flatMap((t) =>
    t.reverses && !byId.has(t.reverses) ? [t.reverses] : [],
  );
  const reversed = new Map(
    (await Promise.all([...new Set(reversedIds)].map((id) => getTransaction(deps, id)))).map((t) => [
      t.id,
      t,
    ]),
  );
  return {
    byId,
    reversedKindOf: (t) =>
      t.reverses ? ((byId.get(t.reverses) ?? reversed.get(t.reverses))?.kind ?? null) : null,
  };
}

/** `GET /fan-wallet/balance`. */
export async function readWalletBalance(
  deps: WalletDependencies,
  fanId: string,
): Promise<{ balanceCents: number; currency: 'usd' }> {
  return { balanceCents: await getBalance(deps, walletOf(fanId)), currency: 'usd' };
}

/** `GET /fan-wallet/transactions`: a numbered page of the wallet's lines, newest first, all or money in or out. */
export async function listWalletTransactions(
  deps: WalletDependencies,
  fanId: string,
  { page, limit, type }: { page: number; limit: number; type: 'all' | 'credit' | 'debit' },
): Promise<{ transactions: WalletTransaction[]; pagination: Pagination }> {
  const entries = (await listAllWalletEntries(deps, fanId)).filter(
    (entry) => type === 'all' || (type === 'credit' ? entry.amountCents > 0 : entry.amountCents < 0),
  );
  const shown = entries.slice((page - 1) * limit, page * limit);
  const { byId, reversedKindOf } = await readTransactions(deps, shown);
  const transactions = shown.map((entry): WalletTransaction => {
    const transaction = byId.get(entry.transactionId);
    return {
      id: entry.transactionId,
      kind: walletKindOf[entry.kind],
      type: entry.amountCents > 0 ? 'credit' : 'debit',
      amountCents: entry.amountCents,
      description: describe(entry.kind, transaction ? reversedKindOf(transaction) : null),
      createdAt: entry.at,
      pieId: transaction?.references['pieId'] ?? null,
    };
  });
  return {
    transactions,
    pagination: { page, limit, total: entries.length, pages: Math.ceil(entries.length / limit) },
  };
}

/** Where a split's money went, from its postings: fees to OpenPie (or Stripe), the rest to artists. */
function sharesOfSplit(transaction: StoredTransaction, wallet: AccountId, walletCents: number) {
  let feesCents = 0;
  let heldCents = 0;
  for (const posting of transaction.postings) {
    if (posting.accountId === wallet) continue;
    const { type } = parseAccountId(posting.accountId);
    if (type === 'platform-fees' || type === 'processing-fees') feesCents += posting.amountCents;
    // A split credits an artist's earnings, where the money is held (an escrow lot, decision 023) until a claim of
    // the artist releases it to an office; an artist known only by name can never be claimed under that name.
    if (type === 'artist-earnings' || type === 'artist-name-earnings') heldCents += posting.amountCents;
  }
  return { feesCents, artistsCents: -walletCents - feesCents, heldCents };
}

/** What claims released to offices from the lots of the wallet's split pies (one Query of each pie's lots). */
async function releasedCentsOf(
  deps: WalletDependencies,
  transactions: ReadonlyMap<string, StoredTransaction>,
): Promise<number> {
  const pieIds = new Set<string>();
  for (const transaction of transactions.values()) {
    const pieId = transaction.kind === 'split' ? transaction.references['pieId'] : undefined;
    if (pieId) pieIds.add(pieId);
  }
  const lots = await Promise.all([...pieIds].map((pieId) => listPieLots(deps.table, pieId)));
  return lots.flat().reduce((sum, lot) => sum + (lot.status === 'released' ? lot.cents : 0), 0);
}

/**
 * `GET /fan-wallet/summary`: the wallet's entries added up by kind. A reversal counts under the kind it reverses, so
 * a dispute won lowers what was refunded. Held for unclaimed artists counts what the splits credited to artists, less
 * what came back to the wallet, less what successful claims released to offices (the split pies' lots, decision 028).
 */
export async function readWalletSummary(deps: WalletDependencies, fanId: string): Promise<WalletSummary> {
  const wallet = walletOf(fanId);
  const [entries, balanceCents] = await Promise.all([
    listAllWalletEntries(deps, fanId),
    getBalance(deps, wallet),
  ]);
  const needsPostings = entries.filter((entry) => {
    const kind = walletKindOf[entry.kind];
    return kind === 'split' || kind === 'reversal';
  });
  const { byId, reversedKindOf } = await readTransactions(deps, needsPostings);
  const totals = { paidIn: 0, promo: 0, fees: 0, artists: 0, held: 0, returned: 0, refunded: 0 };
  for (const entry of entries) {
    const transaction = byId.get(entry.transactionId);
    const kind =
      entry.kind === 'reversal' && transaction ? (reversedKindOf(transaction) ?? 'reversal') : entry.kind;
    const amount = entry.amountCents;
    switch (walletKindOf[kind]) {
      case 'fan-payment':
        totals.paidIn += amount;
        break;
      case 'promo-funding':
        totals.promo += amount;
        break;
      case 'processing-fee':
        totals.fees -= amount;
        break;
      case 'split': {
        if (!transaction) break;
        const shares = sharesOfSplit(transaction, wallet, amount);
        totals.fees += shares.feesCents;
        totals.artists += shares.artistsCents;
        totals.held += shares.heldCents;
        break;
      }
      case 'escrow-return':
        totals.returned += amount;
        break;
      case 'refund':
      case 'dispute':
        totals.refunded -= amount;
        break;
      case 'reversal':
        break;
    }
  }
  return {
    currency: 'usd',
    paidInCents: totals.paidIn,
    promoCents: totals.promo,
    feesCents: totals.fees,
    givenToArtistsCents: totals.artists,
    heldForUnclaimedCents: Math.max(0, totals.held - totals.returned - (await releasedCentsOf(deps, byId))),
    returnedCents: totals.returned,
    refundedCents: totals.refunded,
    balanceCents,
  };
}
