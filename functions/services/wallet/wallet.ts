// The fan wallet (SPEC §7 `/fan-wallet/*`, docs/decisions/031-money-by-origin.md): the fan's ledger accounts read back
// in the product's words. A fan's wallet is their `fan-wallet` account (credit from no payment: give-backs) and the
// `pie-funds` account of each of their pies (its payment, fee, split, refunds, returned lots). Its balance is their
// sum; its lines are the entries of those accounts, one line per transaction (a split that spends a pie's money and
// carried credit is one line), each described by the kind of the transaction; a refund or dispute also says where
// its money was taken from, even when none of it was in the wallet any more. A fan has a handful of entries a month,
// so reading all of them for a page or the summary is a few small Query pages, and the total count of a filtered
// list needs them anyway.
import type { Pagination } from '../../contracts/envelope';
import type { WalletSummary, WalletTransaction } from '../../contracts/payments';
import { listPieLots } from '../../data/escrow-lots';
import type { StoredTransaction } from '../../data/ledger';
import { getLedgerBalances, transactionIdOf } from '../../data/ledger';
import type { StoredPie } from '../../data/pies';
import { listAllFanPies } from '../../data/pies';
import type { StoredTakeBack } from '../../data/take-backs';
import { listPieTakeBacks } from '../../data/take-backs';
import type { TableRef } from '../../data/table';
import { formatUsd } from '../../domain/money/usd';
import type { AccountId, TransactionKind } from '../../domain/money/ledger';
import { accountIdOf, parseAccountId } from '../../domain/money/ledger';
import { getTransaction, listAllEntries } from '../ledger';
import { getTable } from '../../runtime/table';

export interface WalletDependencies {
  table: TableRef;
}

export function walletDependencies(): WalletDependencies {
  return { table: getTable() };
}

type WalletKind = WalletTransaction['kind'];

/** The wallet line a ledger kind is shown as (the fan's wallet and staff's list of every wallet's lines). */
export const walletKindOf: Readonly<Record<TransactionKind, WalletKind>> = {
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
  'dispute-reinstated': 'reversal',
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

/** Where a refund's or dispute's money came from, in a sentence (decision 031). */
function takenFrom(takeBack: StoredTakeBack): string {
  const outcome = takeBack.outcome;
  if (!outcome) return '';
  const total = outcome.fromPieFundsCents + outcome.fromLotsCents + outcome.lossCents;
  const parts = [
    outcome.fromPieFundsCents > 0 ? `${formatUsd(outcome.fromPieFundsCents)} from your wallet` : null,
    outcome.fromLotsCents > 0
      ? `${formatUsd(outcome.fromLotsCents)} from what was held for artists who had not joined`
      : null,
    outcome.lossCents > 0 ? `${formatUsd(outcome.lossCents)} covered by OpenPie` : null,
  ].filter((part): part is string => part !== null);
  return `: ${formatUsd(total)}, ${parts.join(', ')}`;
}

function describe(
  kind: TransactionKind,
  reversedKind: TransactionKind | null,
  takeBack: StoredTakeBack | undefined,
): string {
  if (kind === 'give-back') return 'Given back by the office of an artist you supported';
  if (kind === 'dispute-reinstated') return 'Card dispute closed in your favour';
  const shown = walletKindOf[kind];
  if (shown !== 'reversal') return `${descriptions[shown]}${takeBack ? takenFrom(takeBack) : ''}`;
  if (reversedKind === 'dispute') return 'Card dispute closed in your favour';
  const original = reversedKind ? walletKindOf[reversedKind] : 'reversal';
  return original === 'reversal'
    ? 'Correction of an earlier entry'
    : `Correction of an earlier entry: ${descriptions[original]}`;
}

/** One line of the wallet: a transaction's net effect on the fan's wallet accounts. */
interface WalletLine {
  transactionId: string;
  kind: TransactionKind;
  amountCents: number;
  at: string;
  /** The pie whose money it moved, when it moved one pie's money. */
  pieId: string | null;
  takeBack?: StoredTakeBack;
}

interface Wallet {
  pies: StoredPie[];
  accounts: AccountId[];
  lines: WalletLine[];
  takeBacks: StoredTakeBack[];
}

const newestFirst = (a: WalletLine, b: WalletLine) =>
  a.at === b.at ? (a.transactionId < b.transactionId ? 1 : -1) : a.at < b.at ? 1 : -1;

/**
 * The fan's wallet accounts and lines, newest first: every entry of every wallet account, one line per transaction
 * (moves between the fan's own accounts cancel out), and a line for each refund or dispute that took nothing from the
 * wallet, so the fan still sees it and where its money came from.
 */
async function readWallet(deps: WalletDependencies, fanId: string): Promise<Wallet> {
  const pies = await listAllFanPies(deps.table, fanId);
  const accounts: AccountId[] = [
    accountIdOf('fan-wallet', fanId),
    ...pies.map((pie) => accountIdOf('pie-funds', pie.id)),
  ];
  const [entriesByAccount, takeBacksByPie] = await Promise.all([
    Promise.all(accounts.map((accountId) => listAllEntries(deps, accountId))),
    Promise.all(pies.map((pie) => listPieTakeBacks(deps.table, pie.id))),
  ]);
  const takeBacks = takeBacksByPie.flat();
  const takeBackOf = new Map(takeBacks.map((take) => [transactionIdOf(take.idempotencyKey), take]));
  const byTransaction = new Map<string, WalletLine>();
  for (const entry of entriesByAccount.flat()) {
    const account = parseAccountId(entry.accountId);
    const pieId = account.type === 'pie-funds' ? account.owner : null;
    const line = byTransaction.get(entry.transactionId);
    if (line) {
      line.amountCents += entry.amountCents;
      if (line.pieId !== pieId) line.pieId = line.pieId ?? pieId;
      continue;
    }
    const takeBack = takeBackOf.get(entry.transactionId);
    byTransaction.set(entry.transactionId, {
      transactionId: entry.transactionId,
      kind: entry.kind,
      amountCents: entry.amountCents,
      at: entry.at,
      pieId,
      ...(takeBack ? { takeBack } : {}),
    });
  }
  for (const take of takeBacks) {
    const id = transactionIdOf(take.idempotencyKey);
    if (!take.outcome || byTransaction.has(id)) continue;
    byTransaction.set(id, {
      transactionId: id,
      kind: take.kind,
      amountCents: 0,
      at: take.at,
      pieId: take.pieId,
      takeBack: take,
    });
  }
  const lines = [...byTransaction.values()]
    .filter((line) => line.amountCents !== 0 || line.takeBack !== undefined)
    .sort(newestFirst);
  return { pies, accounts, lines, takeBacks };
}

/** The transactions of `lines` (one each, read in parallel), by id, with the kinds reversals reverse. */
async function readTransactions(
  deps: WalletDependencies,
  lines: readonly WalletLine[],
): Promise<{
  byId: Map<string, StoredTransaction>;
  reversedKindOf: (t: StoredTransaction) => TransactionKind | null;
}> {
  const ids = [...new Set(lines.filter((line) => line.amountCents !== 0).map((line) => line.transactionId))];
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

/** The balance of the fan's wallet: the sum of their wallet accounts. */
export async function walletBalanceCentsOf(deps: WalletDependencies, fanId: string): Promise<number> {
  const pies = await listAllFanPies(deps.table, fanId);
  const balances = await getLedgerBalances(deps.table, [
    accountIdOf('fan-wallet', fanId),
    ...pies.map((pie) => accountIdOf('pie-funds', pie.id)),
  ]);
  return [...balances.values()].reduce((sum, cents) => sum + cents, 0);
}

/** `GET /fan-wallet/balance`. */
export async function readWalletBalance(
  deps: WalletDependencies,
  fanId: string,
): Promise<{ balanceCents: number; currency: 'usd' }> {
  return { balanceCents: await walletBalanceCentsOf(deps, fanId), currency: 'usd' };
}

/** `GET /fan-wallet/transactions`: a numbered page of the wallet's lines, newest first, all or money in or out. */
export async function listWalletTransactions(
  deps: WalletDependencies,
  fanId: string,
  { page, limit, type }: { page: number; limit: number; type: 'all' | 'credit' | 'debit' },
): Promise<{ transactions: WalletTransaction[]; pagination: Pagination }> {
  const { lines: all } = await readWallet(deps, fanId);
  const lines = all.filter(
    (line) => type === 'all' || (type === 'credit' ? line.amountCents > 0 : line.amountCents <= 0),
  );
  const shown = lines.slice((page - 1) * limit, page * limit);
  const { byId, reversedKindOf } = await readTransactions(deps, shown);
  const transactions = shown.map((line): WalletTransaction => {
    const transaction = byId.get(line.transactionId);
    return {
      id: line.transactionId,
      kind: walletKindOf[line.kind],
      type: line.amountCents > 0 ? 'credit' : 'debit',
      amountCents: line.amountCents,
      description: describe(line.kind, transaction ? reversedKindOf(transaction) : null, line.takeBack),
      createdAt: line.at,
      pieId: transaction?.references['pieId'] ?? line.pieId,
    };
  });
  return {
    transactions,
    pagination: { page, limit, total: lines.length, pages: Math.ceil(lines.length / limit) },
  };
}

const artistAccountTypes = new Set(['artist-earnings', 'artist-name-earnings']);

/**
 * `GET /fan-wallet/summary`: where the fan's money went. Card payments and promo credit in; fees (Stripe's, and
 * OpenPie's on splits) and splits to artists out; back in: lots returned from artists who never joined, give-backs,
 * and what a won dispute gave back; refunds and disputes with where their money came from (the wallet, what was held
 * for artists, OpenPie). Held for unclaimed artists is read from the pies' lots as they are now. The figures add up:
 * balance = paid in + promo − fees − given to artists + returned + given back − (refunded − from artists − OpenPie).
 */
export async function readWalletSummary(deps: WalletDependencies, fanId: string): Promise<WalletSummary> {
  const wallet = await readWallet(deps, fanId);
  const splitLines = wallet.lines.filter((line) => line.kind === 'split');
  const [{ byId }, lotsByPie, balances] = await Promise.all([
    readTransactions(deps, splitLines),
    Promise.all(wallet.pies.map((pie) => listPieLots(deps.table, pie.id))),
    getLedgerBalances(deps.table, wallet.accounts),
  ]);
  const totals = { paidIn: 0, promo: 0, fees: 0, artists: 0, returned: 0, givenBack: 0 };
  for (const line of wallet.lines) {
    switch (line.kind) {
      case 'fan-payment':
        totals.paidIn += line.amountCents;
        break;
      case 'promo-funding':
        totals.promo += line.amountCents;
        break;
      case 'processing-fee':
        totals.fees -= line.amountCents;
        break;
      case 'split': {
        const transaction = byId.get(line.transactionId);
        for (const posting of transaction?.postings ?? []) {
          const { type } = parseAccountId(posting.accountId);
          if (type === 'platform-fees') totals.fees += posting.amountCents;
          if (artistAccountTypes.has(type)) totals.artists += posting.amountCents;
        }
        break;
      }
      case 'escrow-return':
        totals.returned += line.amountCents;
        break;
      case 'give-back':
        totals.givenBack += line.amountCents;
        break;
      default:
        break;
    }
  }
  const refunds = { total: 0, fromArtists: 0, covered: 0 };
  for (const take of wallet.takeBacks) {
    if (!take.outcome) continue;
    if (take.reinstatedBy) {
      // The dispute was decided for the fan: nothing was refunded, and what had been taken from held lots came back
      // to the wallet, like a return.
      totals.returned += take.outcome.fromLotsCents;
      continue;
    }
    refunds.total += take.outcome.fromPieFundsCents + take.outcome.fromLotsCents + take.outcome.lossCents;
    refunds.fromArtists += take.outcome.fromLotsCents;
    refunds.covered += take.outcome.lossCents;
  }
  const heldCents = lotsByPie.flat().reduce((sum, lot) => sum + (lot.status === 'held' ? lot.cents : 0), 0);
  return {
    currency: 'usd',
    paidInCents: totals.paidIn,
    promoCents: totals.promo,
    feesCents: totals.fees,
    givenToArtistsCents: totals.artists,
    heldForUnclaimedCents: heldCents,
    returnedCents: totals.returned,
    refundedCents: refunds.total,
    refundedFromArtistsCents: refunds.fromArtists,
    refundCoveredByOpenPieCents: refunds.covered,
    givenBackCents: totals.givenBack,
    balanceCents: [...balances.values()].reduce((sum, cents) => sum + cents, 0),
  };
}
