// The fan's most played tracks of the last 30 days (counted plays only), page by page.
import { useState } from 'react';
import { Pagination } from '../../../components/pagination';
import { popularTracksPageSize, usePopularTracks } from '../api/get-popular-tracks';
import { formatListeningTime, formatPlays } from '../../../lib/format';
import { joinArtistNames } from '../lib/listening-summary';
import { AppPanel } from '../../../components/app-panel';
import { describeSectionState } from './section-states';

export function PopularTracksSection() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = usePopularTracks(page);
  const pages = data?.pagination.pages ?? 0;

  const state = describeSectionState(
    { data, error, retry: () => void mutate() },
    {
      loading: 'Loading your most played tracks…',
      empty: 'No counted plays in the last 30 days.',
      isEmpty: (answer) => answer.items.length === 0 && page === 1,
    },
  );

  return (
    <AppPanel title="Most played tracks" lead="Your counted plays of the last 30 days.">
      {state ?? (
        <ol
          className="history-list history-list--ranked"
          start={(page - 1) * popularTracksPageSize + 1}
          aria-busy={isLoading}
        >
          {data?.items.map((track) => (
            <li
              key={`${track.trackId ?? ''}|${track.trackName}|${joinArtistNames(track.artists)}`}
              className="history-item"
            >
              <div className="history-item__main">
                <span className="history-item__title">{track.trackName}</span>
                <span className="history-item__sub">{joinArtistNames(track.artists)}</span>
              </div>
              <div className="history-item__meta">
                <span>{formatPlays(track.plays)}</span>
                <span>{formatListeningTime(track.msPlayed)}</span>
              </div>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <Pagination page={page} pageCount={pages} onPageChange={setPage} label="Most played tracks pages" />
      ) : null}
    </AppPanel>
  );
}
