// Staff's finances screen (SPEC §2 /admin/finances, decision 042): a period (today, this month, this year, all time)
// kept in the address, its totals as figures, one figure chosen at a time as a chart by day with every day in a table
// below, the table as CSV, and the period's journal (every ledger line) as CSV for an accountant. What the screen holds
// below its own content (the reconciliation panel) comes as children.
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FinanceFigureName, FinancePeriod, StaffFinances } from '@contracts/staff-finances';
import { useDownloadStatus } from '../../../components/csv-download';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { formatDate, formatMoney, formatShortDay } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStaffFinances } from '../api/get-staff-finances';
import {
  chartFigures,
  downloadDaysCsv,
  downloadJournalCsv,
  figureWords,
  isFinancePeriod,
  periodChoices,
  wordsOf,
} from '../lib/finance-words';
import '../staff-finances.css';
import { FinancesChart } from './finances-chart';

function isChartFigure(value: string | null): value is FinanceFigureName {
  return chartFigures.some((figure) => figure === value);
}

/** The period in words: `November 1, 2026 to now`, `All time to now`. */
function describeSpan(finances: StaffFinances): string {
  return finances.from === null
    ? `Everything up to ${formatDate(finances.to)}`
    : `${formatDate(finances.from)} to ${formatDate(finances.to)}`;
}

export function StaffFinancesScreen({ children }: { children?: ReactNode }) {
  useDocumentTitle('Finances · OpenPie Admin');
  const [params, setParams] = useSearchParams();
  const periodParam = params.get('period');
  const chartParam = params.get('chart');
  const period: FinancePeriod = isFinancePeriod(periodParam) ? periodParam : 'month';
  const figure: FinanceFigureName = isChartFigure(chartParam) ? chartParam : 'moneyInCents';
  const finances = useStaffFinances(period);
  const journal = useDownloadStatus('We could not make the journal.');
  const [quietDays, setQuietDays] = useState(false);

  const choose = (next: { period?: FinancePeriod; figure?: FinanceFigureName }) => {
    const query = new URLSearchParams(params);
    query.set('period', next.period ?? period);
    const chart = next.figure ?? figure;
    if (chart === 'moneyInCents') query.delete('chart');
    else query.set('chart', chart);
    setParams(query, { replace: true });
  };

  const data = finances.data;
  const shown = data?.period === period ? data : undefined;
  const today = shown?.to.slice(0, 10) ?? '';
  const rows =
    shown?.days.filter((day) => quietDays || figureWords.some((words) => day[words.name] !== 0)) ?? [];

  const downloadJournal = (span: StaffFinances) =>
    journal.run(async (progress) => {
      const { lines, transactions } = await downloadJournalCsv(
        { from: span.from?.slice(0, 10) ?? null, to: span.to.slice(0, 10) },
        (count) => progress(`${count} lines read…`),
      );
      return `Downloaded ${lines} ${lines === 1 ? 'line' : 'lines'} of ${transactions} ${transactions === 1 ? 'transaction' : 'transactions'}.`;
    });

  return (
    <div className="staff-page">
      <header className="staff-finances__header">
        <h1 className="staff-page__title">Finances</h1>
        <p className="staff-page__muted">
          Money through OpenPie over a period, from the ledger: each figure on the day it moved.
        </p>
      </header>

      <fieldset className="staff-finances__periods">
        <legend className="staff-finances__legend">Period</legend>
        <div className="staff-finances__period-options">
          {periodChoices.map((choice) => (
            <label key={choice.value} className="staff-finances__period">
              <input
                type="radio"
                name="finance-period"
                value={choice.value}
                checked={choice.value === period}
                onChange={() => choose({ period: choice.value })}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {finances.error && !shown ? (
        <LoadFailure
          message={describeLoadError(finances.error, 'We could not load the finances.')}
          onRetry={() => void finances.mutate()}
        />
      ) : null}
      {!shown && !finances.error ? (
        <p className="staff-page__muted" role="status">
          Adding up the ledger…
        </p>
      ) : null}

      {shown ? (
        <>
          <section className="staff-finances__section" aria-labelledby="finances-totals-title">
            <h2 id="finances-totals-title" className="staff-page__subtitle">
              Totals
            </h2>
            <p className="staff-page__muted">
              {describeSpan(shown)} (UTC) · {shown.transactions}{' '}
              {shown.transactions === 1 ? 'ledger transaction' : 'ledger transactions'}
              {finances.isValidating ? ' · updating…' : ''}
            </p>
            <dl className="staff-finances__figures">
              {figureWords.map((words) => (
                <div key={words.name} className="staff-finances__figure">
                  <dt>{words.label}</dt>
                  <dd className="staff-finances__amount">{formatMoney(shown.totals[words.name])}</dd>
                  <dd className="staff-finances__hint">{words.hint}</dd>
                </div>
              ))}
            </dl>
          </section>

          <section className="staff-finances__section" aria-labelledby="finances-days-title">
            <div className="header-row header-row--end">
              <h2 id="finances-days-title" className="staff-page__subtitle">
                By day
              </h2>
              <div className="staff-finances__tools">
                <div className="field staff-finances__chart-choice">
                  <label className="field__label" htmlFor="finances-chart-figure">
                    Chart
                  </label>
                  <select
                    id="finances-chart-figure"
                    className="field__input field__select"
                    value={figure}
                    onChange={(event) => {
                      const value = event.target.value;
                      if (isChartFigure(value)) choose({ figure: value });
                    }}
                  >
                    {chartFigures.map((name) => (
                      <option key={name} value={name}>
                        {wordsOf(name).label}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => downloadDaysCsv(rows, period, today)}
                >
                  Download table (CSV)
                </button>
              </div>
            </div>
            <FinancesChart days={shown.days} figure={figure} />
            <label className="staff-finances__quiet-days">
              <input
                type="checkbox"
                checked={quietDays}
                onChange={(event) => setQuietDays(event.target.checked)}
              />
              Show the days when nothing moved too
            </label>
            {rows.length === 0 ? (
              <p className="staff-page__muted">Nothing moved on any day of this period.</p>
            ) : null}
            <ScrollTable
              label="Finances by day"
              caption={
                <>
                  Finances by day, {describeSpan(shown)}
                  {quietDays ? '' : ', days when money moved'}
                </>
              }
              headers={[
                'Day',
                ...figureWords.map((words) => ({
                  header: words.label,
                  className: 'staff-page__numeric',
                })),
              ]}
              className="staff-finances__table"
              foot={
                <tr>
                  <th scope="row">Total</th>
                  {figureWords.map((words) => (
                    <td key={words.name} className="staff-page__numeric">
                      {formatMoney(shown.totals[words.name])}
                    </td>
                  ))}
                </tr>
              }
            >
              {rows.map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{formatShortDay(day.date)}</time>
                  </th>
                  {figureWords.map((words) => (
                    <td key={words.name} className="staff-page__numeric">
                      {formatMoney(day[words.name])}
                    </td>
                  ))}
                </tr>
              ))}
            </ScrollTable>
          </section>

          <section className="staff-finances__section" aria-labelledby="finances-journal-title">
            <h2 id="finances-journal-title" className="staff-page__subtitle">
              Journal for an accountant
            </h2>
            <p className="staff-page__muted">
              Every ledger line of the period: its transaction, kind, time, account, amount and the Stripe
              object it came from. Each transaction’s lines add up to zero.
            </p>
            <div className="staff-finances__journal">
              <button
                type="button"
                className="button button--primary button--small"
                disabled={journal.busy}
                onClick={() => void downloadJournal(shown)}
              >
                {journal.busy ? 'Reading the journal…' : 'Download journal (CSV)'}
              </button>
              <p className="staff-page__muted" role="status">
                {journal.message}
              </p>
            </div>
          </section>
        </>
      ) : null}

      {children ? <div className="staff-finances__below">{children}</div> : null}
    </div>
  );
}
