// The artists the fan listens to (last 30 days, counted plays), searchable and sortable, page by page.
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ArtistListening, FanArtistSort } from '@contracts/listening-reads';
import { Pagination } from '../../../components/pagination';
import { paths } from '../../../lib/paths';
import { useListenedArtists } from '../api/get-listened-artists';
import { formatListeningTime, formatPlays, formatShortDay } from '../../../lib/format';
import { AppPanel } from '../../../components/app-panel';
import { describeSectionState } from './section-states';

const sortLabels: Readonly<Record<FanArtistSort, string>> = {
  popular: 'Most listened',
  name: 'Name',
  recent: 'Recently listened',
};

function describeArtistCount(total: number): string {
  return `${total} ${total === 1 ? 'artist' : 'artists'} found`;
}

function ArtistItem({ entry }: { entry: ArtistListening }) {
  const name = entry.artist?.name ?? entry.artistName;
  return (
    <li className="history-item history-item--artist">
      {entry.artist?.imageUrl ? (
        <img
          className="history-item__image"
          src={entry.artist.imageUrl}
          alt=""
          width={40}
          height={40}
          loading="lazy"
        />
      ) : (
        <span className="history-item__image history-item__image--blank" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="history-item__main">
        {entry.artistId ? (
          <Link className="history-item__title" to={paths.fan.artist({ id: entry.artistId })}>
            {name}
          </Link>
        ) : (
          <span className="history-item__title">{name}</span>
        )}
        <span className="history-item__sub">
          {`${formatPlays(entry.plays)} · ${formatListeningTime(entry.msPlayed)} · last on ${formatShortDay(entry.lastListenedOn)}`}
        </span>
      </div>
    </li>
  );
}

export function ListenedArtistsSection() {
  const searchId = useId();
  const sortId = useId();
  const [search, setSearch] = useState('');
  const [sortBy, setSortBy] = useState<FanArtistSort>('popular');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search);
  const { data, error, isLoading, mutate } = useListenedArtists({ page, search: deferredSearch, sortBy });
  const pages = data?.pagination.pages ?? 0;
  const searching = deferredSearch.trim() !== '';

  const content =
    data && data.items.length === 0 && searching ? (
      <p className="app-state">{`No artist you listened to matches “${deferredSearch.trim()}”.`}</p>
    ) : (
      (describeSectionState(
        { data, error, retry: () => void mutate() },
        {
          loading: 'Loading your artists…',
          empty: 'No artists with counted plays in the last 30 days.',
          isEmpty: (answer) => answer.items.length === 0 && page === 1,
        },
      ) ?? (
        <ul className="history-list" aria-busy={isLoading}>
          {data?.items.map((entry) => (
            <ArtistItem key={entry.artistId ?? `name:${entry.artistName}`} entry={entry} />
          ))}
        </ul>
      ))
    );

  return (
    <AppPanel title="Your artists" lead="Who you listened to in the last 30 days.">
      <div className="history-filters" role="search" aria-label="Search and sort your artists">
        <div className="field">
          <label className="field__label" htmlFor={searchId}>
            Search your artists
          </label>
          <input
            id={searchId}
            className="field__input"
            type="search"
            value={search}
            autoComplete="off"
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={sortId}>
            Sort by
          </label>
          <select
            id={sortId}
            className="field__input"
            value={sortBy}
            onChange={(event) => {
              setSortBy(event.target.value as FanArtistSort);
              setPage(1);
            }}
          >
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {data && !isLoading ? describeArtistCount(data.pagination.total) : ''}
      </p>
      {content}
      {pages > 1 ? (
        <Pagination page={page} pageCount={pages} onPageChange={setPage} label="Your artists pages" />
      ) : null}
    </AppPanel>
  );
}
