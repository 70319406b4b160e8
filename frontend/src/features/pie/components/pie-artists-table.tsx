// Every artist of a pie's period as a table (the chart's text alternative): listening time, its share, the weight the
// popularity tilt gives it, and the cents it gets, or why it gets none.
import type { ReactNode } from 'react';
import type { RealtimeStats } from '@contracts/pie';
import { formatCount, formatListeningTime, formatMoney, formatShare } from '../../../lib/format';
import { stackedCell, stackedTable } from '../../../lib/stacked-table';
import { keyOfArtist, sharesOfPie } from '../lib/pie-slices';
import { describeReasons, divideShare } from '../lib/pie-words';

export type PieArtist = RealtimeStats['allArtists'][number];

export const pieTableText = {
  artist: 'Artist',
  time: 'Listening time',
  timeShare: 'Share of your time',
  weight: 'Weighted time',
  pieShare: 'Share of the pie',
  nameOnly: '(known by name only)',
  nothing: 'Nothing',
} as const;

export interface PieArtistsTableProps {
  caption: string;
  stats: Pick<RealtimeStats, 'allArtists' | 'stats'>;
  /** The money column's heading: "Would get now", "Got". */
  centsHeading: string;
  /** Extra columns, e.g. the escrow status on a receipt; their cells carry `stackedCell(heading)` too. */
  extraHeadings?: readonly string[];
  renderExtraCells?: (artist: PieArtist) => ReactNode;
}

export function PieArtistsTable({
  caption,
  stats,
  centsHeading,
  extraHeadings = [],
  renderExtraCells,
}: PieArtistsTableProps) {
  // The share of the pie is the chart's own (sharesOfPie): one artist, one share, rounded one way.
  const pieShares = sharesOfPie(
    stats.allArtists.flatMap((artist) =>
      artist.cents === undefined ? [] : [{ ...artist, cents: artist.cents }],
    ),
  );
  // On a phone each artist stacks as a card (lib/stacked-table.ts); wider screens may still scroll the table sideways:
  // the scrolling box takes the keyboard focus so it can be scrolled without a pointer, and is named by the caption.
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table data-table--stack pie-table" {...stackedTable.table}>
        <caption className="pie-table__caption">{caption}</caption>
        <thead {...stackedTable.rowgroup}>
          <tr {...stackedTable.row}>
            <th scope="col" {...stackedTable.columnheader}>
              {pieTableText.artist}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {pieTableText.time}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {pieTableText.timeShare}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {pieTableText.weight}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {pieTableText.pieShare}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {centsHeading}
            </th>
            {extraHeadings.map((heading) => (
              <th scope="col" key={heading} {...stackedTable.columnheader}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...stackedTable.rowgroup}>
          {stats.allArtists.map((artist) => (
            <tr
              key={keyOfArtist(artist)}
              className={artist.cents === undefined ? 'pie-table__out' : undefined}
              {...stackedTable.row}
            >
              <th scope="row" {...stackedTable.rowheader}>
                {artist.artist_name}
                {artist.artist_id === null ? (
                  <span className="pie-table__note"> {pieTableText.nameOnly}</span>
                ) : null}
              </th>
              <td {...stackedCell(pieTableText.time)}>{formatListeningTime(artist.total_time_listened)}</td>
              <td {...stackedCell(pieTableText.timeShare)}>
                {formatShare(divideShare(artist.total_time_listened, stats.stats.total_time_listened))}
              </td>
              <td {...stackedCell(pieTableText.weight)}>{formatListeningTime(artist.weight)}</td>
              <td {...stackedCell(pieTableText.pieShare)}>
                {artist.cents === undefined ? '–' : formatShare(pieShares.get(keyOfArtist(artist)) ?? 0)}
              </td>
              <td {...stackedCell(centsHeading)}>
                {artist.cents === undefined ? (
                  <>
                    {pieTableText.nothing}
                    {artist.reasons && artist.reasons.length > 0 ? (
                      <span className="pie-table__reasons">: {describeReasons(artist.reasons)}</span>
                    ) : null}
                  </>
                ) : (
                  <strong>{formatMoney(artist.cents)}</strong>
                )}
              </td>
              {renderExtraCells?.(artist)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `12 artists, 340 tracks, 21 h 5 min`. */
export function describeListeningTotals(stats: RealtimeStats['stats']): string {
  return `${formatCount(stats.count_artists)} ${stats.count_artists === 1 ? 'artist' : 'artists'}, ${formatCount(stats.count_tracks)} ${stats.count_tracks === 1 ? 'track' : 'tracks'}, ${formatListeningTime(stats.total_time_listened)}`;
}
