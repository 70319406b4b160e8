// The frame of a staff page of one record (decisions 037 and 039): the way back, then the record once loaded, with
// one h1 in every state (loading, not found, failed with a retry), the record named by the page's address, and the
// block of facts such pages open with.
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { isApiError } from '../../lib/api-client';
import { describeLoadError, LoadFailure } from '../load-failure';

/** The way back to the list above the record; a page at the top of its area has none. */
type WayBack = { back: string; backTo: string } | { back?: undefined; backTo?: undefined };

export type StaffDetailWords = WayBack & {
  /** The page's heading while it loads or when it failed. */
  heading: string;
  loading: string;
  missing: string;
  failed: string;
};

/** The states every record page has: loading, not found (with any way back), failed (with a retry), shown. */
export function StaffDetailFrame<T>({
  reply,
  words,
  children,
}: {
  reply: SWRResponse<T, unknown>;
  words: StaffDetailWords;
  children: (data: T) => ReactNode;
}) {
  const missing = isApiError(reply.error) && reply.error.status === 404;
  return (
    <div className="staff-page">
      {words.back !== undefined ? (
        <Link className="staff-page__back" to={words.backTo}>
          {words.back}
        </Link>
      ) : null}
      {reply.data ? children(reply.data) : null}
      {!reply.data && !missing ? <h1 className="staff-page__title">{words.heading}</h1> : null}
      {!reply.data && !reply.error ? (
        <p className="staff-page__muted" role="status">
          {words.loading}
        </p>
      ) : null}
      {missing ? (
        <div className="staff-page__empty" role="alert">
          <h1 className="staff-page__title">{words.missing}</h1>
        </div>
      ) : null}
      {reply.error && !missing ? (
        <LoadFailure
          message={describeLoadError(reply.error, words.failed)}
          onRetry={() => void reply.mutate()}
        />
      ) : null}
    </div>
  );
}

/**
 * The page of the record its address names (`param`, `id` unless told): read with `useRecord`, shown in the frame, and
 * drawn by `children`, which is also given a way to reload it.
 */
export function StaffRecordScreen<T>({
  useRecord,
  param = 'id',
  words,
  children,
}: {
  useRecord: (id: string) => SWRResponse<T, unknown>;
  param?: string;
  words: StaffDetailWords;
  children: (data: T, refresh: () => void) => ReactNode;
}) {
  const id = useParams()[param] ?? '';
  const reply = useRecord(id);
  return (
    <StaffDetailFrame reply={reply} words={words}>
      {(data) => children(data, () => void reply.mutate())}
    </StaffDetailFrame>
  );
}

/** A record's facts, term by term. */
export function StaffFacts({
  label,
  items,
}: {
  label: string;
  items: readonly (readonly [string, ReactNode])[];
}) {
  return (
    <dl className="staff-page__facts" aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
