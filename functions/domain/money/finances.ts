// Staff's finances (decision 042), pure: the instants a period covers, which ledger entries make which figure, the
// figures of a period day by day, and the lines of the accountant's journal. Each figure is read from the entries of
// one kind of account (the platform's, the fans' wallets, the offices'), so a transaction is counted once however
// many of those accounts it touches; what each figure means is written on contracts/staff-finances.ts.
import type {
  FinanceDay,
  FinanceFigureName,
  FinanceFigures,
  FinancePeriod,
  JournalLine,
} from '../../contracts/staff-finances';
import { financeFigureNames } from '../../contracts/staff-finances';
import { addUtcDays, utcDateOf } from '../calendar';
import type { AccountType, Posting, TransactionKind } from './ledger';
import { parseAccountId } from './ledger';

/** The instants of a period: `from` (null: the ledger's beginning) up to `to`, now. */
export function periodBounds(period: FinancePeriod, now: Date): { from: string | null; to: string } {
  const to = now.toISOString();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (period) {
    case 'day':
      return { from: new Date(Date.UTC(year, month, now.getUTCDate())).toISOString(), to };
    case 'month':
      return { from: new Date(Date.UTC(year, month, 1)).toISOString(), to };
    case 'year':
      return { from: new Date(Date.UTC(year, 0, 1)).toISOString(), to };
    case 'all':
      return { from: null, to };
  }
}

/** The journal's days as instants: from the first day's midnight up to the midnight after the last day. */
export function journalBounds(fromDate: string | null, toDate: string): { from: string | null; to: string } {
  return {
    from: fromDate === null ? null : `${fromDate}T00:00:00.000Z`,
    to: `${addUtcDays(toDate, 1)}T00:00:00.000Z`,
  };
}

/** One ledger entry as the finances read it. */
export interface FinanceEntry {
  accountId: string;
  transactionId: string;
  kind: TransactionKind;
  amountCents: number;
  at: string;
}

const fanAccountTypes: ReadonlySet<AccountType> = new Set(['fan-wallet', 'pie-funds']);

/**
 * What one entry adds to each figure. Signs: a posting's amount is what its account gained, and money comes in
 * through Stripe clearing as a debit of it, so money in is what clearing gave to fans' pies.
 */
export function figureChanges(entry: FinanceEntry): Partial<FinanceFigures> {
  const type = parseAccountId(entry.accountId).type;
  const cents = entry.amountCents;
  switch (entry.kind) {
    case 'fan-payment':
      return type === 'stripe-clearing' ? { moneyInCents: -cents } : {};
    case 'processing-fee':
      return type === 'processing-fees' ? { processingFeesCents: cents } : {};
    case 'refund':
      return type === 'stripe-clearing' ? { refundedCents: cents } : {};
    case 'split':
      // Fans' accounts give the shares and the fee; the platform-fees account takes the fee, the rest is held.
      if (fanAccountTypes.has(type)) return { splitCents: -cents, heldCents: -cents };
      if (type === 'platform-fees') return { platformFeesCents: cents, heldCents: -cents };
      return {};
    case 'escrow-release':
      return type === 'office-payable' ? { releasedCents: cents } : {};
    case 'escrow-return':
      return type === 'pie-funds' || type === 'deleted-fan-returns' ? { returnedCents: cents } : {};
    case 'transfer':
      return type === 'connect-in-flight' ? { paidOutCents: -cents } : {};
    case 'transfer-reversal':
      // The bank returned a paid payout: the net comes back out of clearing, so it was not paid out after all.
      return type === 'stripe-clearing' ? { paidOutCents: cents } : {};
    default:
      return type === 'platform-fees' ? { platformFeesCents: cents } : {};
  }
}

export function zeroFigures(): FinanceFigures {
  return Object.fromEntries(financeFigureNames.map((name) => [name, 0])) as FinanceFigures;
}

function add(into: FinanceFigures, changes: Partial<FinanceFigures>): void {
  for (const [name, cents] of Object.entries(changes) as [FinanceFigureName, number][]) {
    into[name] += cents;
  }
}

/**
 * The figures of a period: its totals, every UTC day from its first to its last (days without movement are zeros;
 * a period from the beginning starts on the day of its first entry) and how many transactions moved money.
 */
export function summariseFinances(
  entries: readonly FinanceEntry[],
  bounds: { from: string | null; to: string },
): { totals: FinanceFigures; days: FinanceDay[]; transactions: number } {
  const totals = zeroFigures();
  const byDay = new Map<string, FinanceFigures>();
  const transactions = new Set<string>();
  for (const entry of entries) {
    transactions.add(entry.transactionId);
    const changes = figureChanges(entry);
    add(totals, changes);
    const date = utcDateOf(entry.at);
    const day = byDay.get(date) ?? zeroFigures();
    add(day, changes);
    byDay.set(date, day);
  }
  const lastDay = utcDateOf(bounds.to);
  const firstSeen = [...byDay.keys()].sort()[0] ?? lastDay;
  const firstDay = bounds.from === null ? firstSeen : utcDateOf(bounds.from);
  const days: FinanceDay[] = [];
  for (let date = firstDay; date <= lastDay; date = addUtcDays(date, 1)) {
    days.push({ date, ...(byDay.get(date) ?? zeroFigures()) });
  }
  return { totals, days, transactions: transactions.size };
}

/** The references that name a Stripe object, most particular first (a refund before the charge it refunds). */
const stripeReferenceKeys = [
  'refundId',
  'disputeId',
  'stripePayoutId',
  'stripeTransferId',
  'chargeId',
  'invoiceId',
  'balanceTransactionId',
] as const;

export function stripeIdOf(references: Readonly<Record<string, string>>): string | null {
  for (const key of stripeReferenceKeys) {
    const id = references[key];
    if (id) return id;
  }
  return null;
}

/** A transaction's lines: one per posting, in the transaction's account order, with what it names. */
export function journalLinesOf(transaction: {
  id: string;
  kind: TransactionKind;
  at: string;
  postings: readonly Posting[];
  references: Readonly<Record<string, string>>;
}): JournalLine[] {
  const stripeId = stripeIdOf(transaction.references);
  const references = Object.keys(transaction.references)
    .sort()
    .map((key) => `${key}=${transaction.references[key] ?? ''}`)
    .join('; ');
  return transaction.postings.map((posting) => ({
    transactionId: transaction.id,
    kind: transaction.kind,
    at: transaction.at,
    accountId: posting.accountId,
    amountCents: posting.amountCents,
    stripeId,
    references,
  }));
}

/** A journal page's position: after the transaction at `at` with id `transactionId` (transactions sort by both). */
export interface JournalCursor {
  at: string;
  transactionId: string;
}

export function compareTransactions(a: JournalCursor, b: JournalCursor): number {
  return a.at < b.at
    ? -1
    : a.at > b.at
      ? 1
      : a.transactionId < b.transactionId
        ? -1
        : a.transactionId > b.transactionId
          ? 1
          : 0;
}
