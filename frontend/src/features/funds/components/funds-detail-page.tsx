// The page around one payout or one transaction of the office: the way back to the funds of the same office, the
// title, and the offices' and the record's loading, failure and "not in this office" states, so both detail screens
// show them alike. The record is read by the screen, which knows its hook; the page only draws what came back.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { OfficeReply } from '@contracts/offices';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';
import { officeParam } from '../../../lib/offices';
import { paths } from '../../../lib/paths';
import '../../../components/office-page.css';
import '../funds.css';

export interface FundsDetailText {
  title: string;
  back: string;
  loading: string;
  failed: string;
  missing: string;
}

interface Loaded<T> {
  data?: T;
  error?: unknown;
  mutate: () => unknown;
}

export function FundsDetailPage<T>({
  text,
  label,
  offices,
  office,
  record,
  children,
}: {
  text: FundsDetailText;
  /** The name of the section holding the record, for assistive technology. */
  label: string;
  offices: Loaded<readonly OfficeReply[]>;
  office: OfficeReply | null;
  record: Loaded<T>;
  children: (data: T, officeId: string) => ReactNode;
}) {
  // An id of another office, or not an id at all, is the same to the reader: nothing of that name here.
  const missing = isApiError(record.error) && (record.error.status === 404 || record.error.status === 422);
  const back = office
    ? `${paths.artist.funds()}?${officeParam}=${encodeURIComponent(office._id)}`
    : paths.artist.funds();
  return (
    <div className="wide-screen funds">
      <header>
        <Link to={back}>{text.back}</Link>
        <h1 className="office-page__title">{text.title}</h1>
        {office ? <p className="office-page__lead">{office.name}</p> : null}
      </header>
      <section className="office-page__panel funds__panel" aria-label={label}>
        {offices.error ? (
          <LoadFailure
            message={describeLoadError(offices.error, text.failed)}
            onRetry={() => void offices.mutate()}
          />
        ) : null}
        {missing ? <p>{text.missing}</p> : null}
        {record.error && !missing ? (
          <LoadFailure
            message={describeLoadError(record.error, text.failed)}
            onRetry={() => void record.mutate()}
          />
        ) : null}
        {!record.data && !record.error && !offices.error ? (
          <p className="office-page__muted" role="status">
            {text.loading}
          </p>
        ) : null}
        {record.data && office ? children(record.data, office._id) : null}
      </section>
    </div>
  );
}
