// "Where my pie went": a split pie's receipt, the cents actually paid artist by artist, what is
// held for artists who have not joined yet (with the day it comes back), released or returned, the fees and what
// stayed in the wallet.
import { useId } from 'react';
import type { PieDetail, PieReceiptFacts } from '@contracts/pie';
import { formatCount, formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { stackedCell } from '../../../lib/stacked-table';
import { keyOfArtist } from '../lib/pie-slices';
import { countDaysLeft } from '../lib/pie-words';
import { PieArtistsTable, type PieArtist } from './pie-artists-table';
import { PieChart } from './pie-chart';
import { ReceiptCsvButton } from './receipt-csv-button';

type EscrowLot = PieReceiptFacts['lots'][number];

export const pieReceiptText = {
  money: 'Where the money went',
  amount: 'Amount',
  processingFee: 'Stripe’s card fee',
  platformFee: 'OpenPie’s platform fee',
  allocated: 'Went to artists',
  kept: 'Stayed in your wallet',
  released: 'Paid to artists who joined',
  returned: 'Came back to your wallet',
  chartTitle: 'Where your pie went',
  tableCaption: 'What each artist got from this pie',
  got: 'Got',
  now: 'Now',
  paid: 'Paid to the artist',
  releasedLot: 'Paid: the artist joined OpenPie',
  returnedLot: 'Returned to your wallet: the artist did not join in time',
  takenBackLot: 'Refunded to your card',
  refundsTitle: 'Refunds and disputes',
  nothingTitle: 'Nothing was split',
  heldTitle: 'Held for artists who have not joined yet',
} as const;

/** `Held for 14 artists who have not joined yet: $3.12`. */
export function describeHeld(held: PieReceiptFacts['held']): string {
  const artists = `${formatCount(held.artistCount)} ${held.artistCount === 1 ? 'artist who has' : 'artists who have'}`;
  return `Held for ${artists} not joined yet: ${formatMoney(held.cents)}`;
}

/** `Returned to your wallet on November 30, 2027 if they do not join.` */
export function describeHeldReturn(returnsOn: string): string {
  return `Returned to your wallet on ${formatDate(returnsOn)} if they do not join.`;
}

/** `Nothing was split: none of your listening counted, so $9.41 stayed in your wallet for your next pie.` */
export function describeNothingSplit(keptCents: number): string {
  return `None of this pie’s listening counted for an artist, so ${formatMoney(keptCents)} stayed in your wallet for your next pie.`;
}

/** `Held: returned to your wallet on November 30, 2027 if they do not join (371 days)`. */
export function describeLot(lot: EscrowLot, now: number): string {
  if (lot.status === 'released') return pieReceiptText.releasedLot;
  if (lot.status === 'taken-back') return pieReceiptText.takenBackLot;
  if (lot.status === 'returned') return pieReceiptText.returnedLot;
  const days = countDaysLeft(lot.heldUntil, now);
  return `Held: returned to your wallet on ${formatDate(lot.heldUntil)} if they do not join (${formatCount(days)} ${days === 1 ? 'day' : 'days'} left)`;
}

type PieTakeBack = NonNullable<PieReceiptFacts['takeBacks']>[number];

/**
 * `Refunded to your card on November 30, 2026: $10.00, of which $9.41 was held for artists who had not joined and
 * $0.59 OpenPie covered.` Where the money came from, as the ledger took it (decision 031).
 */
export function describeTakeBack(takeBack: PieTakeBack): string {
  const what = takeBack.kind === 'refund' ? 'Refunded to your card' : 'Taken back by a card dispute';
  const parts = [
    takeBack.fromWalletCents > 0 ? `${formatMoney(takeBack.fromWalletCents)} came from your wallet` : null,
    takeBack.fromHeldCents > 0
      ? `${formatMoney(takeBack.fromHeldCents)} was held for artists who had not joined`
      : null,
    takeBack.coveredByOpenPieCents > 0
      ? `${formatMoney(takeBack.coveredByOpenPieCents)} OpenPie covered`
      : null,
  ].filter((part): part is string => part !== null);
  const from = parts.length > 0 ? `, of which ${parts.join(' and ')}` : '';
  const closed = takeBack.reinstated ? ' The dispute was closed in your favour and the money came back.' : '';
  return `${what} on ${formatDate(takeBack.at)}: ${formatMoney(takeBack.amountCents)}${from}.${closed}`;
}

/** The refunds and disputes of a pie's payment, each with where its money came from; nothing when there are none. */
export function TakeBackNote({ takeBacks }: { takeBacks: readonly PieTakeBack[] | undefined }) {
  if (!takeBacks || takeBacks.length === 0) return null;
  return (
    <div className="pie-receipt__held" role="note" aria-label={pieReceiptText.refundsTitle}>
      {takeBacks.map((takeBack) => (
        <p key={`${takeBack.kind}-${takeBack.at}`}>{describeTakeBack(takeBack)}</p>
      ))}
    </div>
  );
}

function describeArtistNow(artist: PieArtist, lots: ReadonlyMap<string, EscrowLot>, now: number): string {
  if (artist.cents === undefined) return '';
  const lot = lots.get(keyOfArtist(artist));
  return lot ? describeLot(lot, now) : pieReceiptText.paid;
}

export function PieReceipt({
  detail,
  receipt,
  now,
}: {
  detail: PieDetail;
  receipt: PieReceiptFacts;
  now: number;
}) {
  const moneyId = useId();
  const heldId = useId();
  const lots = new Map(receipt.lots.map((lot) => [lot.artist_key, lot]));

  return (
    <div className="pie-receipt">
      <p className="pie-receipt__when">
        <span>
          Split on <time dateTime={receipt.splitAt}>{formatDateTime(receipt.splitAt)}</time>.
        </span>
        <ReceiptCsvButton pieId={detail.pieId} detail={detail} />
      </p>

      <section className="pie-receipt__part" aria-labelledby={moneyId}>
        <h2 id={moneyId} className="app-panel__title">
          {pieReceiptText.money}
        </h2>
        <dl className="pie-money">
          <div>
            <dt>{pieReceiptText.amount}</dt>
            <dd>{formatMoney(detail.amountCents)}</dd>
          </div>
          <div>
            <dt>{pieReceiptText.processingFee}</dt>
            <dd>{formatMoney(detail.feesCents.processing)}</dd>
          </div>
          <div>
            <dt>{pieReceiptText.platformFee}</dt>
            <dd>{formatMoney(detail.feesCents.platform)}</dd>
          </div>
          <div>
            <dt>{pieReceiptText.allocated}</dt>
            <dd className="pie-money__net">{formatMoney(receipt.allocatedCents)}</dd>
          </div>
          <div>
            <dt>{pieReceiptText.kept}</dt>
            <dd>{formatMoney(receipt.keptInWalletCents)}</dd>
          </div>
          {receipt.releasedCents > 0 ? (
            <div>
              <dt>{pieReceiptText.released}</dt>
              <dd>{formatMoney(receipt.releasedCents)}</dd>
            </div>
          ) : null}
          {receipt.returnedCents > 0 ? (
            <div>
              <dt>{pieReceiptText.returned}</dt>
              <dd>{formatMoney(receipt.returnedCents)}</dd>
            </div>
          ) : null}
        </dl>
        <TakeBackNote takeBacks={receipt.takeBacks} />
        {receipt.held.artistCount > 0 ? (
          <div className="pie-receipt__held" role="note" aria-labelledby={heldId}>
            <p id={heldId}>
              <strong>{describeHeld(receipt.held)}</strong>
            </p>
            {receipt.held.returnsOn ? <p>{describeHeldReturn(receipt.held.returnsOn)}</p> : null}
          </div>
        ) : null}
      </section>

      {receipt.outcome === 'nothing_to_split' ? (
        <div className="app-state">
          <p>
            <strong>{pieReceiptText.nothingTitle}</strong>
          </p>
          <p className="app-state__hint">{describeNothingSplit(receipt.keptInWalletCents)}</p>
        </div>
      ) : (
        <PieChart artists={detail.includedArtists} title={pieReceiptText.chartTitle} />
      )}

      {detail.allArtists.length > 0 ? (
        <PieArtistsTable
          caption={pieReceiptText.tableCaption}
          stats={detail}
          centsHeading={pieReceiptText.got}
          extraHeadings={[pieReceiptText.now]}
          renderExtraCells={(artist) => (
            <td className="pie-table__wrap" {...stackedCell(pieReceiptText.now)}>
              {describeArtistNow(artist, lots, now)}
            </td>
          )}
        />
      ) : null}
    </div>
  );
}
