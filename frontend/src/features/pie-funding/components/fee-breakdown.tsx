// What happens to the fan's money before they pay: what Stripe takes, what OpenPie takes, and what goes to
// artists, from the server's one fee rule (GET /api/stripe/feeQuote), never computed here.
import type { FeeQuote } from '@contracts/payments';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { formatMoney, formatShare } from '../../../lib/format';

export const feeBreakdownText = {
  title: 'Where your money goes',
  pay: 'You pay',
  stripe: 'Stripe takes for the card payment',
  platform: 'OpenPie takes',
  artists: 'Goes to the artists you listen to',
  loading: 'Working out the fees…',
  invalid: 'Choose a valid amount to see the fees.',
  failed: 'The fees could not be worked out.',
} as const;

/** What a fee takes away: `−$0.59`, and `$0.00` rather than a minus of nothing. */
function formatDeduction(cents: number): string {
  return cents === 0 ? formatMoney(0) : `−${formatMoney(cents)}`;
}

/** `2.9% + $0.30`, `0%`. */
function describeSchedule(basisPoints: number, fixedCents = 0): string {
  const share = formatShare(basisPoints / 10_000);
  return fixedCents > 0 ? `${share} + ${formatMoney(fixedCents)}` : share;
}

export interface FeeBreakdownProps {
  headingId: string;
  quote: FeeQuote | undefined;
  /** The quote is for another amount than the one chosen now (the next one is loading). */
  stale: boolean;
  amountValid: boolean;
  error: unknown;
  onRetry: () => void;
}

export function FeeBreakdown({ headingId, quote, stale, amountValid, error, onRetry }: FeeBreakdownProps) {
  let body;
  if (!amountValid) {
    body = <p className="app-state__hint">{feeBreakdownText.invalid}</p>;
  } else if (error && !quote) {
    body = <LoadFailure message={describeLoadError(error, feeBreakdownText.failed)} onRetry={onRetry} />;
  } else if (!quote) {
    body = <p className="app-state__hint">{feeBreakdownText.loading}</p>;
  } else {
    body = (
      <dl className={`fee-breakdown${stale ? ' fee-breakdown--stale' : ''}`} aria-busy={stale}>
        <div>
          <dt>{feeBreakdownText.pay}</dt>
          <dd>{formatMoney(quote.amountCents)}</dd>
        </div>
        <div>
          <dt>
            {feeBreakdownText.stripe}{' '}
            <span className="fee-breakdown__rule">
              ({describeSchedule(quote.processingFeeBasisPoints, quote.processingFeeFixedCents)})
            </span>
          </dt>
          <dd>{formatDeduction(quote.processingFeeCents)}</dd>
        </div>
        <div>
          <dt>
            {feeBreakdownText.platform}{' '}
            <span className="fee-breakdown__rule">({describeSchedule(quote.platformFeeBasisPoints)})</span>
          </dt>
          <dd>{formatDeduction(quote.platformFeeCents)}</dd>
        </div>
        <div className="fee-breakdown__net">
          <dt>{feeBreakdownText.artists}</dt>
          <dd>{formatMoney(quote.netCents)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <section className="fee-breakdown-panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="fee-breakdown-panel__title">
        {feeBreakdownText.title}
      </h3>
      <div aria-live="polite">{body}</div>
    </section>
  );
}
