// Words staff's dashboard shows (decision 040): job states, job names, and what each series of money means.
import type { FinancialMonth, JobHealthState } from '@contracts/admin-dashboard';

export const jobStateWords: Readonly<Record<JobHealthState, string>> = {
  ok: 'OK',
  failing: 'Failing',
  running: 'Running',
  never_run: 'Never run',
  not_built: 'Not built',
};

export const jobNameWords: Readonly<Record<string, string>> = {
  'listening-sync': 'Listening sync',
  'pie-renewals': 'Pie renewals and splits',
  'escrow-aging': 'Escrow aging',
  reconciliation: 'Reconciliation',
};

export type MoneySeries = Exclude<keyof FinancialMonth, 'month'>;

/** The chart's series in the order drawn, each with its name. */
export const moneySeries: readonly { key: MoneySeries; label: string }[] = [
  { key: 'moneyInCents', label: 'Money in' },
  { key: 'splitCents', label: 'Split to artists' },
  { key: 'heldCents', label: 'Held when split' },
  { key: 'paidOutCents', label: 'Paid out' },
];

/** `2026-11` → `Nov 2026`, in UTC. */
export function formatMonth(month: string): string {
  return new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The chart's axis: `Nov`, with the year on the first month shown and on each January (`Jan 2027`). */
export function formatAxisMonth(month: string, index: number): string {
  return index === 0 || month.endsWith('-01')
    ? formatMonth(month)
    : new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
}
