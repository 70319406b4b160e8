// /for-artists/funds/payouts/:id?office=: one payout of the office (decision 029): its amount, its fees, what
// reached the bank, its status and dates, why it failed, and the Stripe ids an accountant reconciles with.
import { Link, useParams } from 'react-router-dom';
import type { PayoutReply } from '@contracts/artist-payments';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useChosenOffice } from '../../../lib/offices';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePayout } from '../api/get-payout';
import '../funds.css';
import { FundsDetailPage } from './funds-detail-page';
import { moneyText, transactionHref } from './money-panels';

export const payoutText = {
  title: 'Payout',
  back: 'Back to funds',
  loading: 'Loading the payout...',
  failed: 'We could not load this payout.',
  missing: 'There is no such payout in this office.',
  detailsCaption: 'The payout in detail',
  requested: 'Requested',
  arrival: 'Expected at your bank',
  completed: 'Reached your bank',
  reason: 'Why it failed',
  transfer: 'Stripe transfer',
  stripePayout: 'Stripe payout',
  ledger: 'Ledger entry',
  fees: 'Fees',
} as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="funds__amount">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PayoutDetails({ officeId, payout }: { officeId: string; payout: PayoutReply }) {
  return (
    <dl className="funds__fees">
      <Row label={moneyText.status}>
        <span className={`badge funds__payout-status funds__payout-status--${payout.status}`}>
          {moneyText.statusLabels[payout.status]}
        </span>
      </Row>
      <Row label={moneyText.amount}>{formatMoney(payout.amountCents)}</Row>
      <Row label={moneyText.payoutFee}>{formatMoney(-payout.payoutFeeCents)}</Row>
      <Row label={moneyText.monthlyFee}>
        {payout.monthlyFeeCents === 0 ? moneyText.monthlyFeePaid : formatMoney(-payout.monthlyFeeCents)}
      </Row>
      <Row label={moneyText.net}>{formatMoney(payout.netCents)}</Row>
      <Row label={payoutText.requested}>{formatDateTime(payout.createdAt)}</Row>
      {payout.arrivalDate && payout.status !== 'failed' ? (
        <Row label={payoutText.arrival}>{formatDateTime(payout.arrivalDate)}</Row>
      ) : null}
      {payout.completedAt ? (
        <Row label={payoutText.completed}>{formatDateTime(payout.completedAt)}</Row>
      ) : null}
      {payout.failureReason ? <Row label={payoutText.reason}>{payout.failureReason}</Row> : null}
      {payout.transferId ? <Row label={payoutText.transfer}>{payout.transferId}</Row> : null}
      {payout.stripePayoutId ? <Row label={payoutText.stripePayout}>{payout.stripePayoutId}</Row> : null}
      <Row label={payoutText.ledger}>
        <Link to={transactionHref(officeId, payout.transactionId)}>{payout.transactionId}</Link>
      </Row>
    </dl>
  );
}

export function PayoutDetailScreen() {
  useDocumentTitle('Payout · OpenPie for Artists');
  const { id = '' } = useParams();
  const { offices, office } = useChosenOffice();
  const payout = usePayout(office?._id ?? null, id);
  return (
    <FundsDetailPage
      text={payoutText}
      label={payoutText.detailsCaption}
      offices={offices}
      office={office}
      record={payout}
    >
      {(data, officeId) => <PayoutDetails officeId={officeId} payout={data} />}
    </FundsDetailPage>
  );
}
