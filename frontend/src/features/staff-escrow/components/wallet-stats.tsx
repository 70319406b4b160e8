// Every fan's wallet lines of a period totalled by kind (decision 041): how many, the money in and the money out.
import type { StaffWalletStats } from '@contracts/admin-escrow';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { formatDate, formatMoney } from '../../../lib/format';
import type { WalletStatsPeriod } from '../api/get-wallet-stats';
import { useStaffWalletStats } from '../api/get-wallet-stats';
import { walletKindLabels } from '../lib/escrow-words';

export const periodChoices: readonly { value: WalletStatsPeriod; label: string }[] = [
  { value: 'day', label: 'Today' },
  { value: 'month', label: 'This month' },
  { value: 'year', label: 'This year' },
  { value: 'all', label: 'All time' },
];

function describeSpan(stats: StaffWalletStats): string {
  return stats.from === null
    ? `Everything up to ${formatDate(stats.to)}`
    : `${formatDate(stats.from)} to ${formatDate(stats.to)}`;
}

export function WalletStats({
  period,
  onPeriodChange,
}: {
  period: WalletStatsPeriod;
  onPeriodChange: (period: WalletStatsPeriod) => void;
}) {
  const stats = useStaffWalletStats(period);
  const shown = stats.data?.period === period ? stats.data : undefined;
  return (
    <section className="staff-page__panel" aria-labelledby="wallet-stats-title">
      <div className="header-row">
        <h2 id="wallet-stats-title" className="staff-page__subtitle">
          Totals by kind
        </h2>
        <div className="field staff-escrow__period">
          <label className="field__label" htmlFor="wallet-stats-period">
            Period
          </label>
          <select
            id="wallet-stats-period"
            className="field__input field__select"
            value={period}
            onChange={(event) => {
              const chosen = periodChoices.find((choice) => choice.value === event.target.value);
              if (chosen) onPeriodChange(chosen.value);
            }}
          >
            {periodChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {stats.error ? (
        <LoadFailure
          message={describeLoadError(stats.error, 'We could not total the wallet lines.')}
          onRetry={() => void stats.mutate()}
        />
      ) : null}
      {!shown && !stats.error ? (
        <p className="staff-page__muted" role="status">
          Totalling wallet lines...
        </p>
      ) : null}
      {shown ? (
        <>
          <p className="staff-page__muted">{describeSpan(shown)}</p>
          <dl className="staff-escrow__facts">
            <div>
              <dt>Lines</dt>
              <dd>{shown.lines}</dd>
            </div>
            <div>
              <dt>Fans</dt>
              <dd>{shown.fans}</dd>
            </div>
            <div>
              <dt>Money in</dt>
              <dd>{formatMoney(shown.creditCents)}</dd>
            </div>
            <div>
              <dt>Money out</dt>
              <dd>{formatMoney(shown.debitCents)}</dd>
            </div>
          </dl>
          {shown.byKind.length === 0 ? (
            <p className="staff-page__empty">No wallet lines in this period.</p>
          ) : (
            <ScrollTable
              label="Totals by kind"
              caption="Wallet lines by kind"
              headers={[
                'Kind',
                ...['Lines', 'In', 'Out'].map((header) => ({ header, className: 'staff-escrow__numeric' })),
              ]}
              className="staff-escrow__table staff-escrow__table--small"
            >
              {shown.byKind.map((totals) => (
                <tr key={totals.kind}>
                  <th scope="row">{walletKindLabels[totals.kind]}</th>
                  <td className="staff-escrow__numeric">{totals.lines}</td>
                  <td className="staff-escrow__numeric">{formatMoney(totals.creditCents)}</td>
                  <td className="staff-escrow__numeric">{formatMoney(totals.debitCents)}</td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </>
      ) : null}
    </section>
  );
}
