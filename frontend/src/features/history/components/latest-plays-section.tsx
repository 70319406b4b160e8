// The fan's stored plays, newest first, page by page; plays under 30 seconds are shown but do not count.
import { useState } from 'react';
import type { LatestPlay } from '@contracts/listening-reads';
import { Pagination } from '../../../components/pagination';
import { useLatestPlays } from '../api/get-latest-plays';
import { formatListeningTime, formatRecentDateTime } from '../../../lib/format';
import { joinArtistNames } from '../lib/listening-summary';
import { AppPanel } from '../../../components/app-panel';
import { describeSectionState } from './section-states';

function PlayItem({ play }: { play: LatestPlay }) {
  return (
    <li className="history-item">
      <div className="history-item__main">
        <span className="history-item__title">{play.trackName}</span>
        <span className="history-item__sub">{joinArtistNames(play.artists)}</span>
      </div>
      <div className="history-item__meta">
        <time dateTime={play.endedAt}>{formatRecentDateTime(play.endedAt)}</time>
        <span>{formatListeningTime(play.msPlayed)}</span>
        {play.counted ? (
          <span className="history-tag">Counted</span>
        ) : (
          <span className="history-tag history-tag--muted">Under 30 s, not counted</span>
        )}
      </div>
    </li>
  );
}

export function LatestPlaysSection() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useLatestPlays(page);
  const pages = data?.pagination.pages ?? 0;

  const state = describeSectionState(
    { data, error, retry: () => void mutate() },
    {
      loading: 'Loading your latest plays…',
      empty: 'No plays yet.',
      isEmpty: (answer) => answer.items.length === 0 && page === 1,
    },
  );

  return (
    <AppPanel
      title="Latest plays"
      lead="Every play OpenPie has stored, newest first. A play counts for your pie from 30 seconds."
    >
      {state ?? (
        <ol className="history-list" aria-busy={isLoading}>
          {data?.items.map((play) => (
            <PlayItem key={`${play.endedAt}|${play.trackName}|${play.msPlayed}`} play={play} />
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <>
          <p className="visually-hidden" aria-live="polite">
            {`Page ${page} of ${pages}`}
          </p>
          <Pagination page={page} pageCount={pages} onPageChange={setPage} label="Latest plays pages" />
        </>
      ) : null}
    </AppPanel>
  );
}
