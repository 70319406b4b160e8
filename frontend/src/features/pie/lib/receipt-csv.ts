// A pie's receipt as CSV, built in the browser from GET /api/pie/pie/{id}: one row per artist of the period, paid or
// not (`included`), what the fan chose for it in this pie (`your_choice`), and what became of each held cent. Money is written in cents and in dollars so a spreadsheet needs no rounding.
import type { PieDetail } from '@contracts/pie';
import { escapeCsvField, writeDollars } from '../../../lib/csv';
import { keyOfArtist } from './pie-slices';
import { describeReasons, divideShare, readInclusion } from './pie-words';

/** The fan's own choice for this pie, beside whether the split paid the artist: `included` says only the latter. */
const choiceWords = { true: 'included by you', false: 'excluded by you' } as const;

export const receiptCsvColumns = [
  'artist_id',
  'artist_name',
  'included',
  'your_choice',
  'listening_ms',
  'tracks',
  'time_share_percent',
  'popularity',
  'weight',
  'percentage',
  'cents',
  'dollars',
  'escrow_status',
  'held_until',
  'refunded_cents',
  'reasons',
] as const;

export { escapeCsvField, writeDollars };

export function buildReceiptCsv(detail: PieDetail): string {
  const lots = new Map((detail.receipt?.lots ?? []).map((lot) => [lot.artist_key, lot]));
  const rows = detail.allArtists.map((artist) => {
    const lot = lots.get(keyOfArtist(artist));
    const cents = artist.cents ?? 0;
    const timeShare = divideShare(artist.total_time_listened, detail.stats.total_time_listened) * 100;
    return [
      artist.artist_id,
      artist.artist_name,
      artist.cents === undefined ? 'no' : 'yes',
      choiceOf(artist),
      artist.total_time_listened,
      artist.total_tracks_listened,
      timeShare.toFixed(2),
      artist.popularity,
      artist.weight,
      artist.percentage,
      cents,
      writeDollars(cents),
      lot?.status ?? null,
      lot ? lot.heldUntil.slice(0, 10) : null,
      lot?.taken_back_cents ?? null,
      artist.reasons ? describeReasons(artist.reasons) : null,
    ];
  });
  // Each refund or dispute of the pie's payment: one row, its money in the cents column, where it came from in reasons.
  const refunds = (detail.receipt?.takeBacks ?? []).map((takeBack) => [
    null,
    takeBack.kind === 'refund' ? 'Refund to your card' : 'Card dispute',
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    null,
    -takeBack.amountCents,
    writeDollars(-takeBack.amountCents),
    takeBack.reinstated ? 'reinstated' : takeBack.kind,
    takeBack.at.slice(0, 10),
    takeBack.fromHeldCents,
    `from wallet ${takeBack.fromWalletCents}; from held ${takeBack.fromHeldCents}; covered by OpenPie ${takeBack.coveredByOpenPieCents}`,
  ]);
  return (
    [receiptCsvColumns, ...rows, ...refunds].map((row) => row.map(escapeCsvField).join(',')).join('\r\n') +
    '\r\n'
  );
}

function choiceOf(artist: PieDetail['allArtists'][number]): string | null {
  const inclusion = readInclusion(artist);
  return inclusion === null ? null : choiceWords[`${inclusion}`];
}

/** `openpie-pie-2026-11-24.csv`: the day the pie started names it, as the fan knows it. */
export function nameReceiptCsv(detail: Pick<PieDetail, 'periodStart'>): string {
  return `openpie-pie-${detail.periodStart.slice(0, 10)}.csv`;
}
