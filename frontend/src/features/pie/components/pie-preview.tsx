// A pie's live split as the fan sees it: the days left, the money (amount, fees, net), the pie chart and what each
// artist would get if the period ended now. Shared by /pie (the running pie) and pie/:pieId of a pie not split yet.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { RealtimeStats } from '@contracts/pie';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { describeDaysLeft } from '../lib/pie-words';
import { describeListeningTotals, PieArtistsTable } from './pie-artists-table';
import { PieChart } from './pie-chart';

export const piePreviewText = {
  money: 'This pie’s money',
  amount: 'Amount',
  processingFee: 'Stripe’s card fee',
  platformFee: 'OpenPie’s platform fee',
  net: 'Goes to artists',
  carried: 'with what was left in your wallet',
  daysLeft: 'Time left',
  listening: 'Counted listening',
  chartTitle: 'Your pie now',
  tableCaption: 'What each artist would get if your pie ended now',
  wouldGet: 'Would get now',
  emptyTitle: 'No listening in this pie yet',
  emptyHint:
    'Your pie fills as your plays arrive from Spotify. Listen to the artists you love: they get their share at the end of the period.',
  nobodyTitle: 'Nobody would get a share right now',
  nobodyHint:
    'Every artist you listened to is left out by your settings, bans or choices. If it stays so, your money stays in your wallet.',
  live: 'Updates every minute while this page is open.',
  settings: 'Change how your pie is split',
} as const;

export interface PieMoneyProps {
  stats: RealtimeStats;
  now: number;
  /** False where the pie's amount and fees are on screen already (/pie shows them just above). */
  withFees?: boolean;
}

/**
 * Wallet credit the split carries (a pie that had nothing to split, money returned from artists who did not join):
 * what goes to artists beyond this pie's own amount less its fees.
 */
export function carriedInCentsOf(stats: RealtimeStats): number {
  return Math.max(
    0,
    stats.netCents - (stats.amountCents - stats.feesCents.processing - stats.feesCents.platform),
  );
}

export function PieMoney({ stats, now, withFees = true }: PieMoneyProps) {
  const carried = carriedInCentsOf(stats);
  return (
    <dl className="pie-money">
      <div>
        <dt>{piePreviewText.daysLeft}</dt>
        <dd>
          {describeDaysLeft(stats.periodEnd, now)}{' '}
          <span className="pie-money__note">
            (to <time dateTime={stats.periodEnd}>{formatDate(stats.periodEnd)}</time>)
          </span>
        </dd>
      </div>
      {withFees ? (
        <>
          <div>
            <dt>{piePreviewText.amount}</dt>
            <dd>{formatMoney(stats.amountCents)}</dd>
          </div>
          <div>
            <dt>{piePreviewText.processingFee}</dt>
            <dd>{formatMoney(stats.feesCents.processing)}</dd>
          </div>
          <div>
            <dt>{piePreviewText.platformFee}</dt>
            <dd>{formatMoney(stats.feesCents.platform)}</dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>{piePreviewText.net}</dt>
        <dd className="pie-money__net">
          {formatMoney(stats.netCents)}
          {carried > 0 ? (
            <span className="pie-money__note">
              {' '}
              ({piePreviewText.carried}: {formatMoney(carried)})
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{piePreviewText.listening}</dt>
        <dd>{describeListeningTotals(stats.stats)}</dd>
      </div>
    </dl>
  );
}

export function PiePreview({ stats, now, withFees = true }: PieMoneyProps) {
  const emptyId = useId();
  let split;
  if (stats.allArtists.length === 0) {
    split = (
      <div className="app-state" aria-labelledby={emptyId}>
        <p id={emptyId}>
          <strong>{piePreviewText.emptyTitle}</strong>
        </p>
        <p className="app-state__hint">{piePreviewText.emptyHint}</p>
      </div>
    );
  } else {
    split = (
      <>
        {stats.includedArtists.length === 0 ? (
          <div className="app-state">
            <p>
              <strong>{piePreviewText.nobodyTitle}</strong>
            </p>
            <p className="app-state__hint">{piePreviewText.nobodyHint}</p>
          </div>
        ) : (
          <PieChart artists={stats.includedArtists} title={piePreviewText.chartTitle} />
        )}
        <PieArtistsTable
          caption={piePreviewText.tableCaption}
          stats={stats}
          centsHeading={piePreviewText.wouldGet}
        />
      </>
    );
  }
  return (
    <div className="pie-preview">
      <PieMoney stats={stats} now={now} withFees={withFees} />
      {split}
      <p className="pie-preview__footer">
        <span className="pie-preview__live">{piePreviewText.live}</span>{' '}
        <Link to={paths.fan.pieSettings()}>{piePreviewText.settings}</Link>
      </p>
    </div>
  );
}
