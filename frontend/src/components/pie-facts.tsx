// A pie as the fan sees it (SPEC §2 pie, my-pies): its amount, period, status, what Stripe and OpenPie take, and what
// goes to artists. Shared by the pie screen, the checkout's success page and My pies.
import type { PieStatus, PieSummary } from '@contracts/payments';
import { formatDate, formatMoney } from '../lib/format';
import './pie-pieces.css';

const statusWords: Readonly<Record<PieStatus, string>> = {
  active: 'Active',
  cancelling: 'Runs to its end, then stops',
  inactive: 'Stopped',
  ended: 'Ended, waiting for its split',
  split: 'Split among your artists',
};

/** The pie's status in the product's words; a free pie never renews, so its running state says so plainly. */
export function describePieStatus(status: PieStatus, promo = false): string {
  if (promo && status === 'cancelling') return 'Active: a free pie, it runs to its end';
  return statusWords[status];
}

/** `November 24, 2026 to December 24, 2026`. */
export function describePiePeriod(pie: Pick<PieSummary, 'periodStart' | 'periodEnd'>): string {
  return `${formatDate(pie.periodStart)} to ${formatDate(pie.periodEnd)}`;
}

export const pieFactsText = {
  amount: 'Amount',
  period: 'Period',
  status: 'Status',
  processingFee: 'Stripe’s card fee',
  platformFee: 'OpenPie’s platform fee',
  net: 'Goes to artists',
  feePending: 'Known once Stripe settles the payment',
  promoFee: 'None: OpenPie pays for this pie',
  stoppedNet: 'Nothing while this pie is stopped',
} as const;

function describeProcessingFee(pie: PieSummary): string {
  if (pie.promo) return pieFactsText.promoFee;
  if (pie.processingFeeCents !== null) return formatMoney(pie.processingFeeCents);
  return pieFactsText.feePending;
}

function describeNet(pie: PieSummary): string {
  // A stopped pie's money went back (refund, dispute) or never came (failed renewal): none of it reaches artists.
  if (pie.status === 'inactive') return pieFactsText.stoppedNet;
  return pie.netCents === null ? pieFactsText.feePending : formatMoney(pie.netCents);
}

export function PieFacts({ pie }: { pie: PieSummary }) {
  return (
    <dl className="pie-facts">
      <div>
        <dt>{pieFactsText.amount}</dt>
        <dd>
          {formatMoney(pie.amountCents)}
          {pie.promo ? <span className="pie-facts__note"> (free pie)</span> : null}
        </dd>
      </div>
      <div className="pie-facts__period">
        <dt>{pieFactsText.period}</dt>
        <dd>
          <time dateTime={pie.periodStart}>{formatDate(pie.periodStart)}</time> to{' '}
          <time dateTime={pie.periodEnd}>{formatDate(pie.periodEnd)}</time>
        </dd>
      </div>
      <div>
        <dt>{pieFactsText.status}</dt>
        <dd>
          <span className={`pie-status pie-status--${pie.status}`}>
            {describePieStatus(pie.status, pie.promo)}
          </span>
        </dd>
      </div>
      <div>
        <dt>{pieFactsText.processingFee}</dt>
        <dd>{describeProcessingFee(pie)}</dd>
      </div>
      <div>
        <dt>{pieFactsText.platformFee}</dt>
        <dd>{formatMoney(pie.platformFeeCents)}</dd>
      </div>
      <div>
        <dt>{pieFactsText.net}</dt>
        <dd className="pie-facts__net">{describeNet(pie)}</dd>
      </div>
    </dl>
  );
}
