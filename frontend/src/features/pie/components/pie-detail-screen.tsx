// pie/:pieId (SPEC §2): one pie of the fan. A split pie shows its receipt ("where my pie went"); a pie not
// split yet shows its live preview, what the split will pay if nothing changes.
import { Link, useParams } from 'react-router-dom';
import type { PieDetail } from '@contracts/pie';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePieDetail } from '../api/get-pie-detail';
import { useNow } from '../lib/use-now';
import { PiePreview } from './pie-preview';
import { PieReceipt, TakeBackNote } from './pie-receipt';
import { ReceiptCsvButton } from './receipt-csv-button';
import '../pie.css';

export const pieDetailText = {
  receiptTitle: 'Where your pie went',
  previewTitle: 'Your pie',
  loading: 'Loading your pie…',
  failed: 'This pie could not be loaded.',
  notFound: 'We could not find this pie',
  notFoundHint: 'It may belong to another account, or the link may be incomplete.',
  myPies: 'See all your pies',
  previewLead:
    'This pie is not split yet. If nothing changes, this is what each artist gets when its period ends.',
  endedLead: 'This pie’s period is over. It is being split: these are the cents its split pays.',
  stoppedLead:
    'This pie is stopped: its payment failed, was refunded or disputed. This is how its listening would split.',
} as const;

/** `Your pie of November 24, 2026 to December 24, 2026`. */
export function describePieOf(detail: Pick<PieDetail, 'periodStart' | 'periodEnd'>): string {
  return `${formatDate(detail.periodStart)} to ${formatDate(detail.periodEnd)}`;
}

function selectPreviewLead(status: PieDetail['status']): string {
  if (status === 'ended') return pieDetailText.endedLead;
  if (status === 'inactive') return pieDetailText.stoppedLead;
  return pieDetailText.previewLead;
}

export function PieDetailScreen() {
  const { pieId = '' } = useParams();
  const detail = usePieDetail(pieId);
  const pie = detail.data;
  const now = useNow();
  useDocumentTitle(pie?.receipt ? 'Where your pie went · OpenPie' : 'Your pie · OpenPie');

  let title: string = pie?.receipt ? pieDetailText.receiptTitle : pieDetailText.previewTitle;
  let lead: string | null = null;
  let body;
  if (detail.error && pie === undefined) {
    if (isApiError(detail.error) && detail.error.status === 404) {
      title = pieDetailText.notFound;
      body = (
        <div className="app-state">
          <p className="app-state__hint">{pieDetailText.notFoundHint}</p>
          <Link className="button button--secondary" to={paths.fan.myPies()}>
            {pieDetailText.myPies}
          </Link>
        </div>
      );
    } else {
      body = (
        <LoadFailure
          message={describeLoadError(detail.error, pieDetailText.failed)}
          onRetry={() => void detail.mutate()}
        />
      );
    }
  } else if (pie === undefined) {
    body = (
      <p className="app-state" role="status">
        {pieDetailText.loading}
      </p>
    );
  } else if (pie.receipt) {
    lead = `Your pie of ${describePieOf(pie)}.`;
    body = <PieReceipt detail={pie} receipt={pie.receipt} now={now} />;
  } else {
    lead = `${describePieOf(pie)}. ${selectPreviewLead(pie.status)}`;
    body = (
      <>
        <p>
          <ReceiptCsvButton pieId={pie.pieId} detail={pie} />
        </p>
        <TakeBackNote takeBacks={pie.takeBacks} />
        <PiePreview stats={pie} now={now} />
      </>
    );
  }

  return (
    <div className="app-screen pie-screen">
      <header>
        <h1 className="app-screen__title">{title}</h1>
        {lead ? <p className="app-screen__lead">{lead}</p> : null}
      </header>
      <section className="app-panel">{body}</section>
      <p>
        <Link to={paths.fan.myPies()}>{pieDetailText.myPies}</Link>
      </p>
    </div>
  );
}
