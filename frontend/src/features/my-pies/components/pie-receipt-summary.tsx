// A split pie's receipt totals on My pies: what went to artists, what is held for artists who have not
// joined yet and until when, or what stayed in the wallet; the way to the full receipt and its CSV.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PieSummary } from '@contracts/payments';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';

type PieReceiptTotals = NonNullable<PieSummary['receipt']>;

export const receiptSummaryText = {
  title: 'Receipt',
  seeReceipt: 'See where this pie went',
  seeLive: 'See its live split',
} as const;

/** `Split on December 24, 2026: $9.41 to 12 artists.` */
export function describeReceiptTotals(receipt: PieReceiptTotals): string {
  if (receipt.outcome === 'nothing_to_split') {
    return `Nothing to split on ${formatDate(receipt.splitAt)}: ${formatMoney(receipt.keptInWalletCents)} stayed in your wallet.`;
  }
  const artists = `${formatCount(receipt.artistCount)} ${receipt.artistCount === 1 ? 'artist' : 'artists'}`;
  return `Split on ${formatDate(receipt.splitAt)}: ${formatMoney(receipt.allocatedCents)} to ${artists}.`;
}

/** `Held for 3 artists who have not joined yet: $1.20, returned to your wallet on December 24, 2027 if they do not.` */
export function describeReceiptHeld(receipt: PieReceiptTotals): string | null {
  if (receipt.heldArtistCount === 0) return null;
  const who = `${formatCount(receipt.heldArtistCount)} ${receipt.heldArtistCount === 1 ? 'artist who has' : 'artists who have'}`;
  const until = receipt.heldUntil
    ? `, returned to your wallet on ${formatDate(receipt.heldUntil)} if they do not`
    : '';
  return `Held for ${who} not joined yet: ${formatMoney(receipt.heldCents)}${until}.`;
}

export interface PieReceiptSummaryProps {
  pie: PieSummary;
  /** Said after a link or button's words to screen readers: which pie it is about. */
  describedAs: string;
  renderReceiptDownload?: (pie: PieSummary, describedAs: string) => ReactNode;
}

export function PieReceiptSummary({ pie, describedAs, renderReceiptDownload }: PieReceiptSummaryProps) {
  const receipt = pie.receipt;
  if (!receipt) {
    return (
      <p className="pie-receipt-summary__links">
        <Link
          to={paths.fan.pieDetail({ pieId: pie.id })}
          aria-label={`${receiptSummaryText.seeLive} ${describedAs}`}
        >
          {receiptSummaryText.seeLive}
        </Link>
      </p>
    );
  }
  const held = describeReceiptHeld(receipt);
  return (
    <div className="pie-receipt-summary">
      <p>
        <strong>{describeReceiptTotals(receipt)}</strong>
      </p>
      {held ? <p>{held}</p> : null}
      <p className="pie-receipt-summary__links">
        <Link
          to={paths.fan.pieDetail({ pieId: pie.id })}
          aria-label={`${receiptSummaryText.seeReceipt} ${describedAs}`}
        >
          {receiptSummaryText.seeReceipt}
        </Link>
        {renderReceiptDownload?.(pie, describedAs)}
      </p>
    </div>
  );
}
