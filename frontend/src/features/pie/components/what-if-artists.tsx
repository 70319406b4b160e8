// pie/settings' artists: each with what the saved settings give them now, what the settings being tried would give,
// the change, and the fan's own choices for them (ban for every pie; include, leave out or automatic for this pie).
import type { RealtimeStats } from '@contracts/pie';
import { formatListeningTime, formatMoney } from '../../../lib/format';
import { stackedCell, stackedTable } from '../../../lib/stacked-table';
import { keyOfArtist } from '../lib/pie-slices';
import { describeReasons, readInclusion } from '../lib/pie-words';
import type { PieArtist } from './pie-artists-table';

export const whatIfArtistsText = {
  caption: 'Your artists with these settings',
  artist: 'Artist',
  time: 'Listening time',
  now: 'Now',
  withThese: 'With these settings',
  change: 'Change',
  ban: 'Ban',
  unban: 'Unban',
  inclusion: 'In this pie',
  automatic: 'Automatic',
  include: 'Include',
  exclude: 'Exclude',
  nothing: 'Nothing',
  noChange: 'No change',
} as const;

type InclusionChoice = 'automatic' | 'include' | 'exclude';

function toChoice(inclusion: boolean | null): InclusionChoice {
  if (inclusion === true) return 'include';
  if (inclusion === false) return 'exclude';
  return 'automatic';
}

function fromChoice(choice: string): boolean | null {
  if (choice === 'include') return true;
  if (choice === 'exclude') return false;
  return null;
}

/** `+$0.12`, `−$0.05` (the true minus every amount below zero is written with), `No change`. */
export function describeCentsChange(before: number, after: number): string {
  const change = after - before;
  if (change === 0) return whatIfArtistsText.noChange;
  return change > 0 ? `+${formatMoney(change)}` : formatMoney(change);
}

function describeOutcome(artist: PieArtist | undefined): string {
  if (!artist || artist.cents === undefined) {
    const reasons = artist?.reasons ?? [];
    return reasons.length > 0
      ? `${whatIfArtistsText.nothing}: ${describeReasons(reasons)}`
      : whatIfArtistsText.nothing;
  }
  return formatMoney(artist.cents);
}

export interface WhatIfArtistsProps {
  /** The preview with the settings being tried. */
  preview: RealtimeStats;
  /** The preview with the saved settings ("now"); the what-if's own artists stand in while it loads. */
  saved: RealtimeStats | undefined;
  busyArtistKey: string | null;
  onBan: (artist: PieArtist, banned: boolean) => void;
  onInclusion: (artist: PieArtist, inclusion: boolean | null) => void;
}

export function WhatIfArtists({ preview, saved, busyArtistKey, onBan, onInclusion }: WhatIfArtistsProps) {
  const savedByKey = new Map((saved ?? preview).allArtists.map((artist) => [keyOfArtist(artist), artist]));
  return (
    <div className="table-wrap" role="region" aria-label={whatIfArtistsText.caption} tabIndex={0}>
      <table className="data-table data-table--stack pie-table what-if-table" {...stackedTable.table}>
        <caption className="pie-table__caption">{whatIfArtistsText.caption}</caption>
        <thead {...stackedTable.rowgroup}>
          <tr {...stackedTable.row}>
            <th scope="col" {...stackedTable.columnheader}>
              {whatIfArtistsText.artist}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {whatIfArtistsText.time}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {whatIfArtistsText.now}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {whatIfArtistsText.withThese}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {whatIfArtistsText.change}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {whatIfArtistsText.inclusion}
            </th>
            <th scope="col" {...stackedTable.columnheader}>
              {whatIfArtistsText.ban}
            </th>
          </tr>
        </thead>
        <tbody {...stackedTable.rowgroup}>
          {preview.allArtists.map((artist) => {
            const key = keyOfArtist(artist);
            const before = savedByKey.get(key);
            const busy = busyArtistKey === key;
            return (
              <tr
                key={key}
                className={artist.cents === undefined ? 'pie-table__out' : undefined}
                {...stackedTable.row}
              >
                <th scope="row" {...stackedTable.rowheader}>
                  {artist.artist_name}
                </th>
                <td {...stackedCell(whatIfArtistsText.time)}>
                  {formatListeningTime(artist.total_time_listened)}
                </td>
                <td {...stackedCell(whatIfArtistsText.now)}>{describeOutcome(before)}</td>
                <td {...stackedCell(whatIfArtistsText.withThese)}>
                  <strong>{describeOutcome(artist)}</strong>
                </td>
                <td {...stackedCell(whatIfArtistsText.change)}>
                  {describeCentsChange(before?.cents ?? 0, artist.cents ?? 0)}
                </td>
                <td {...stackedCell(whatIfArtistsText.inclusion)}>
                  <select
                    className="field__select what-if-table__select"
                    aria-label={`${whatIfArtistsText.inclusion}: ${artist.artist_name}`}
                    value={toChoice(readInclusion(artist))}
                    disabled={busy}
                    onChange={(event) => onInclusion(artist, fromChoice(event.target.value))}
                  >
                    <option value="automatic">{whatIfArtistsText.automatic}</option>
                    <option value="include">{whatIfArtistsText.include}</option>
                    <option value="exclude">{whatIfArtistsText.exclude}</option>
                  </select>
                </td>
                <td {...stackedCell(whatIfArtistsText.ban)}>
                  <button
                    type="button"
                    className={`button button--small ${artist.is_banned ? 'button--secondary' : 'button--danger-outline'}`}
                    disabled={busy}
                    aria-label={`${artist.is_banned ? whatIfArtistsText.unban : whatIfArtistsText.ban} ${artist.artist_name}`}
                    onClick={() => onBan(artist, !artist.is_banned)}
                  >
                    {artist.is_banned ? whatIfArtistsText.unban : whatIfArtistsText.ban}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
