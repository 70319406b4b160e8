// /admin/claims: every claim, newest first, to review and decide: a status filter, a search by
// artist name, 20 a page. The filter lives in the address (status, search, page) so a page can be shared and kept;
// the CSV holds every claim that filter matches.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CsvDownload } from '../../../components/csv-download';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { StaffClaimStatus } from '../api/admin-claims-api';
import { useStaffClaims } from '../api/admin-claims-api';
import {
  StaffClaimStatusBadge,
  staffClaimStatuses,
  staffMethodLabels,
  staffPlatformLabels,
  staffStatusLabels,
} from '../lib/staff-claim-words';
import { prepareStaffClaimsCsv, staffClaimsCsvFile } from '../lib/staff-claims-csv';
import '../admin-claims.css';

export const staffClaimsText = {
  title: 'Claims',
  lead: 'Every artist claim, newest first. Verified claims are waiting for your decision.',
  status: 'Status',
  anyStatus: 'Every status',
  search: 'Artist name',
  searchHint: 'A part of the name, or a claim or office id',
  apply: 'Search',
  clear: 'Clear',
  caption: 'Claims, newest first',
  artist: 'Artist',
  office: 'Office',
  method: 'Verification',
  claimedOn: 'Claimed on',
  officeGone: 'Deleted office',
  loading: 'Loading claims...',
  failed: 'We could not load the claims.',
  empty: 'No claims match.',
  pages: 'Claims pages',
} as const;

function readStatus(value: string | null): StaffClaimStatus | null {
  return staffClaimStatuses.find((status) => status === value) ?? null;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export function AdminClaimsScreen() {
  useDocumentTitle('Claims · OpenPie Admin');
  const [params, setParams] = useSearchParams();
  const filter = {
    page: readPage(params.get('page')),
    status: readStatus(params.get('status')),
    search: params.get('search') ?? '',
  };
  const [statusChoice, setStatusChoice] = useState<string>(filter.status ?? '');
  const [searchText, setSearchText] = useState(filter.search);
  const claims = useStaffClaims(filter);

  const apply = (next: { status: string; search: string; page: number }) => {
    const query = new URLSearchParams();
    if (next.status) query.set('status', next.status);
    if (next.search.trim()) query.set('search', next.search.trim());
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ status: statusChoice, search: searchText, page: 1 });
  };

  const list = claims.data?.claims ?? [];
  const pageCount = claims.data?.pagination?.pages ?? 0;

  return (
    <div className="staff-page">
      <header className="staff-claims__header staff-claims__header--list">
        <div>
          <h1 className="staff-page__title">{staffClaimsText.title}</h1>
          <p className="staff-page__lead">{staffClaimsText.lead}</p>
        </div>
        <CsvDownload
          fileName={staffClaimsCsvFile}
          prepare={() => prepareStaffClaimsCsv({ status: filter.status, search: filter.search })}
        />
      </header>

      <form className="staff-claims__filters" role="search" onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor="staff-claims-status">
            {staffClaimsText.status}
          </label>
          <select
            id="staff-claims-status"
            className="field__input field__select"
            value={statusChoice}
            onChange={(event) => setStatusChoice(event.target.value)}
          >
            <option value="">{staffClaimsText.anyStatus}</option>
            {staffClaimStatuses.map((status) => (
              <option key={status} value={status}>
                {staffStatusLabels[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field staff-claims__search">
          <label className="field__label" htmlFor="staff-claims-search">
            {staffClaimsText.search}
          </label>
          <input
            id="staff-claims-search"
            className="field__input"
            type="search"
            maxLength={100}
            value={searchText}
            aria-describedby="staff-claims-search-hint"
            onChange={(event) => setSearchText(event.target.value)}
          />
          <span id="staff-claims-search-hint" className="field__hint">
            {staffClaimsText.searchHint}
          </span>
        </div>
        <div className="staff-claims__filter-actions">
          <button type="submit" className="button button--primary">
            {staffClaimsText.apply}
          </button>
          {filter.status || filter.search ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setStatusChoice('');
                setSearchText('');
                apply({ status: '', search: '', page: 1 });
              }}
            >
              {staffClaimsText.clear}
            </button>
          ) : null}
        </div>
      </form>

      {claims.error ? (
        <LoadFailure
          message={describeLoadError(claims.error, staffClaimsText.failed)}
          onRetry={() => void claims.mutate()}
        />
      ) : null}
      {!claims.data && !claims.error ? (
        <p className="staff-page__muted" role="status">
          {staffClaimsText.loading}
        </p>
      ) : null}
      {claims.data && list.length === 0 ? <p className="staff-page__empty">{staffClaimsText.empty}</p> : null}
      {list.length > 0 ? (
        <div className="table-wrap" role="region" aria-label={staffClaimsText.caption} tabIndex={0}>
          <table className="data-table staff-claims__table">
            <caption className="staff-page__caption">{staffClaimsText.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{staffClaimsText.artist}</th>
                <th scope="col">{staffClaimsText.office}</th>
                <th scope="col">{staffClaimsText.status}</th>
                <th scope="col">{staffClaimsText.method}</th>
                <th scope="col">{staffClaimsText.claimedOn}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((claim) => (
                <tr key={claim._id}>
                  <th scope="row">
                    <Link to={paths.admin.claim({ id: claim._id })}>{claim.artistName}</Link>
                  </th>
                  <td>{claim.officeName ?? staffClaimsText.officeGone}</td>
                  <td>
                    <StaffClaimStatusBadge status={claim.status} />
                  </td>
                  <td>
                    {staffMethodLabels[claim.verificationMethod]} ·{' '}
                    {staffPlatformLabels[claim.selectedPlatform]}
                  </td>
                  <td>{formatDateTime(claim.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination
        page={filter.page}
        pageCount={pageCount}
        label={staffClaimsText.pages}
        onPageChange={(page) => apply({ status: filter.status ?? '', search: filter.search, page })}
      />
    </div>
  );
}
