// The finances screen's words and files (decision 042): what each figure is called and means, the periods, the CSV
// of the days on screen, and the journal's CSV, read page by page for an accountant.
import type { FinanceDay, FinanceFigureName, FinancePeriod, JournalLine } from '@contracts/staff-finances';
import { buildCsv, writeDollars, type CsvColumn } from '../../../lib/csv';
import { downloadTextFile } from '../../../lib/download-text-file';
import type { JournalSpan } from '../api/get-finance-journal';
import { fetchFinanceJournalPage } from '../api/get-finance-journal';

export const periodChoices: readonly { value: FinancePeriod; label: string }[] = [
  { value: 'day', label: 'Today' },
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
  { value: 'all', label: 'All time' },
];

export function isFinancePeriod(value: string | null): value is FinancePeriod {
  return periodChoices.some((choice) => choice.value === value);
}

export interface FigureWords {
  name: FinanceFigureName;
  label: string;
  /** One sentence under the figure: where it comes from. */
  hint: string;
  /** The CSV column's name. */
  column: string;
}

export const figureWords: readonly FigureWords[] = [
  {
    name: 'moneyInCents',
    label: 'Money in',
    hint: 'What fans’ cards paid, before fees and refunds.',
    column: 'money_in',
  },
  {
    name: 'processingFeesCents',
    label: 'Stripe fees',
    hint: 'Stripe’s processing fees on those payments.',
    column: 'processing_fees',
  },
  {
    name: 'platformFeesCents',
    label: 'Platform fees',
    hint: 'OpenPie’s fee, taken when pies are split.',
    column: 'platform_fees',
  },
  {
    name: 'refundedCents',
    label: 'Refunded',
    hint: 'Given back to fans’ cards.',
    column: 'refunded',
  },
  {
    name: 'splitCents',
    label: 'Split',
    hint: 'Taken from fans’ wallets by splits: artists’ shares and the fee.',
    column: 'split',
  },
  {
    name: 'heldCents',
    label: 'Held for artists',
    hint: 'The artists’ shares of those splits, held until claimed.',
    column: 'held',
  },
  {
    name: 'releasedCents',
    label: 'Released',
    hint: 'Held earnings released to offices by claims.',
    column: 'released',
  },
  {
    name: 'returnedCents',
    label: 'Returned',
    hint: 'Held earnings whose holding ended, back in fans’ wallets.',
    column: 'returned',
  },
  {
    name: 'paidOutCents',
    label: 'Paid out',
    hint: 'What reached offices’ banks.',
    column: 'paid_out',
  },
];

export function wordsOf(name: FinanceFigureName): FigureWords {
  const words = figureWords.find((figure) => figure.name === name);
  if (!words) throw new RangeError(`No words for ${name}`);
  return words;
}

/** The figures a chart may show, one at a time. */
export const chartFigures: readonly FinanceFigureName[] = [
  'moneyInCents',
  'splitCents',
  'paidOutCents',
  'refundedCents',
  'releasedCents',
  'returnedCents',
];

const dayColumns: CsvColumn<FinanceDay>[] = [
  { name: 'date', value: (day) => day.date },
  ...figureWords.flatMap((figure): CsvColumn<FinanceDay>[] => [
    { name: `${figure.column}_cents`, value: (day) => day[figure.name] },
    { name: `${figure.column}_dollars`, value: (day) => writeDollars(day[figure.name]) },
  ]),
];

/** The days on screen as a CSV file. */
export function downloadDaysCsv(days: readonly FinanceDay[], period: FinancePeriod, today: string): void {
  downloadTextFile(`openpie-finances-${period}-${today}.csv`, buildCsv(days, dayColumns));
}

const journalColumns: CsvColumn<JournalLine>[] = [
  { name: 'booked_at', value: (line) => line.at },
  { name: 'transaction_id', value: (line) => line.transactionId },
  { name: 'kind', value: (line) => line.kind },
  { name: 'account', value: (line) => line.accountId },
  { name: 'amount_cents', value: (line) => line.amountCents },
  { name: 'amount_dollars', value: (line) => writeDollars(line.amountCents) },
  { name: 'stripe_id', value: (line) => line.stripeId },
  { name: 'references', value: (line) => line.references },
];

/**
 * Every line of the span's journal, every page read, as a CSV file; answers how many lines and transactions it
 * wrote. `onPage` hears the count so far, so a long read can say how far it is.
 */
export async function downloadJournalCsv(
  span: JournalSpan,
  onPage: (lines: number) => void = () => {},
): Promise<{ lines: number; transactions: number }> {
  const lines: JournalLine[] = [];
  let transactions = 0;
  let cursor: string | null = null;
  do {
    const page = await fetchFinanceJournalPage(span, cursor);
    lines.push(...page.lines);
    transactions += page.transactions;
    cursor = page.nextCursor;
    onPage(lines.length);
  } while (cursor);
  downloadTextFile(
    `openpie-journal-${span.from ?? 'start'}-to-${span.to}.csv`,
    buildCsv(lines, journalColumns),
  );
  return { lines: lines.length, transactions };
}
