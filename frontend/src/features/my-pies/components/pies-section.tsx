// My pies' list: the current pie with the way to cancel it, then the past ones, each with its amount,
// period, status and fees.
import { useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PieSummary } from '@contracts/payments';
import { AppPanel } from '../../../components/app-panel';
import { describeLoadError, Loaded } from '../../../components/load-failure';
import { describePiePeriod, PieFacts } from '../../../components/pie-facts';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { cancelSubscription } from '../api/cancel-subscription';
import { useFanPies } from '../api/get-fan-pies';
import { CancelPieDialog } from './cancel-pie-dialog';
import { PieReceiptSummary } from './pie-receipt-summary';

export const piesSectionText = {
  title: 'Your pies',
  current: 'Current pie',
  past: 'Past pies',
  loading: 'Loading your pies…',
  failed: 'Your pies could not be loaded.',
  empty: 'You have not funded a pie yet',
  emptyHint: 'Fund a pie and it is split among the artists you listen to at the end of its period.',
  fund: 'Fund your first pie',
  cancel: 'Cancel this pie',
  cancelFailed: 'Your pie could not be cancelled. Please try again.',
  noPastPies: 'No past pies yet.',
} as const;

/** `Your pie runs to December 24, 2026, then stops.` */
export function describeCancelled(endsAt: string): string {
  return `Your pie runs to ${formatDate(endsAt)}, then stops.`;
}

function isCurrent(pie: PieSummary): boolean {
  return pie.status === 'active' || pie.status === 'cancelling';
}

/** Builds a split pie's "Download CSV" (the pie feature's, joined in app/). */
export type RenderReceiptDownload = (pie: PieSummary, describedAs: string) => ReactNode;

interface PieItemProps {
  pie: PieSummary;
  onCancel?: (pie: PieSummary) => void;
  renderReceiptDownload?: RenderReceiptDownload;
}

function PieItem({ pie, onCancel, renderReceiptDownload }: PieItemProps) {
  const id = useId();
  const describedAs = `of the pie of ${describePiePeriod(pie)}`;
  return (
    <li className="pie-item">
      <article aria-labelledby={id}>
        <h4 id={id} className="pie-item__title">
          {pie.promo ? 'Free pie, ' : 'Pie, '}
          {describePiePeriod(pie)}
        </h4>
        <PieFacts pie={pie} />
        <PieReceiptSummary
          pie={pie}
          describedAs={describedAs}
          renderReceiptDownload={renderReceiptDownload}
        />
        {onCancel && pie.status === 'active' && pie.subscriptionId ? (
          <button type="button" className="button button--danger-outline" onClick={() => onCancel(pie)}>
            {piesSectionText.cancel}
          </button>
        ) : null}
      </article>
    </li>
  );
}

export function PiesSection({
  fanId,
  renderReceiptDownload,
}: {
  fanId: string | null;
  renderReceiptDownload?: RenderReceiptDownload;
}) {
  const id = useId();
  const pies = useFanPies(fanId);
  const [confirming, setConfirming] = useState<PieSummary | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const cancel = async (pie: PieSummary) => {
    if (!pie.subscriptionId) return;
    setCancelling(true);
    try {
      const subscription = await cancelSubscription(pie.subscriptionId);
      setNotice({ text: describeCancelled(subscription.current_period_end || pie.periodEnd), failed: false });
      // The server stored Stripe's answer to the cancel before it replied (and a webhook's older copy cannot undo
      // it), so one reload shows the pie as cancelling.
      await pies.mutate();
    } catch (error) {
      setNotice({ text: describeLoadError(error, piesSectionText.cancelFailed), failed: true });
    } finally {
      setCancelling(false);
      setConfirming(null);
      // The dialog gives focus back to its trigger, which may be gone: the outcome takes it instead.
      requestAnimationFrame(() => noticeRef.current?.focus());
    }
  };

  const drawPies = (list: readonly PieSummary[]) => {
    if (list.length === 0)
      return (
        <div className="app-state">
          <p>
            <strong>{piesSectionText.empty}</strong>
          </p>
          <p className="app-state__hint">{piesSectionText.emptyHint}</p>
          <Link className="button button--primary" to={paths.fan.pie()}>
            {piesSectionText.fund}
          </Link>
        </div>
      );
    const current = list.filter(isCurrent);
    const past = list.filter((pie) => !isCurrent(pie));
    return (
      <>
        {current.length > 0 ? (
          <section aria-labelledby={`${id}-current`} className="pie-group">
            <h3 id={`${id}-current`} className="pie-group__title">
              {piesSectionText.current}
            </h3>
            <ul className="pie-list">
              {current.map((pie) => (
                <PieItem key={pie.id} pie={pie} onCancel={setConfirming} />
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby={`${id}-past`} className="pie-group">
          <h3 id={`${id}-past`} className="pie-group__title">
            {piesSectionText.past}
          </h3>
          {past.length > 0 ? (
            <ul className="pie-list">
              {past.map((pie) => (
                <PieItem key={pie.id} pie={pie} renderReceiptDownload={renderReceiptDownload} />
              ))}
            </ul>
          ) : (
            <p className="app-state__hint">{piesSectionText.noPastPies}</p>
          )}
        </section>
      </>
    );
  };

  return (
    <AppPanel title={piesSectionText.title}>
      <p
        ref={noticeRef}
        tabIndex={-1}
        className={`my-pies__notice${notice?.failed ? ' my-pies__notice--failed' : ''}`}
        aria-live="polite"
      >
        {notice?.text ?? ''}
      </p>
      <Loaded data={pies.data} error={pies.error} onRetry={() => void pies.mutate()} words={piesSectionText}>
        {drawPies}
      </Loaded>
      <CancelPieDialog
        pie={confirming}
        busy={cancelling}
        onCancel={() => setConfirming(null)}
        onConfirm={(pie) => void cancel(pie)}
      />
    </AppPanel>
  );
}
