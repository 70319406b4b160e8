// The audit log (decision 043): every staff action newest first, who did it, what it touched, the fields it changed
// (before → after), and the reason; filtered by action, staff member and target, 10 a page (SPEC §9), and downloadable as CSV
// with exactly the filters on screen.
import { useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { StaffAuditEntry } from '@contracts/admin-audit';
import { auditTargetTypes } from '@contracts/admin-audit';
import { Field } from '../../../components/form/field';
import { SelectField } from '../../../components/form/select-field';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { Pagination } from '../../../components/pagination';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { changesOf } from '../lib/audit-change';
import { auditCsvColumns, auditCsvFile } from '../lib/audit-csv';
import { CsvDownload } from '../../../components/csv-download';
import { oneOf, prepareStaffCsv, useStaffList } from '../../../components/staff-table/staff-list';
import { formatDateTime } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { AuditFilter } from '../api/get-staff-audit';
import { staffAudit } from '../api/get-staff-audit';
import '../staff-actions.css';

/** The actions staff can take, in words; an action not listed here shows as it is stored. */
export const auditActionWords: Readonly<Record<string, string>> = {
  'claim-status-changed': 'Claim decided',
  'office-stripe-connection-removed': 'Stripe connection removed',
  'office-admin-invited': 'New admin invited',
  'payment-refunded': 'Payment refunded',
  'escrow-aging-run': 'Escrow aging run',
  'name-only-artist-resolved': 'Name given to an artist',
};

export const auditWords = {
  title: 'Audit log',
  lead: 'Every action staff took, with who, when, what changed and why. Newest first.',
  action: 'Action',
  anyAction: 'Any action',
  actor: 'Staff id',
  targetType: 'Target',
  anyTarget: 'Any target',
  targetId: 'Target id',
  apply: 'Filter',
  clear: 'Clear',
  loading: 'Loading the audit log…',
  empty: 'No staff action matches these filters.',
  failed: 'We could not load the audit log.',
  caption: 'Staff actions, newest first',
  headers: ['When', 'Staff', 'Action', 'Target', 'What changed', 'Reason'],
  unchanged: 'Nothing changed',
} as const;

const emptyFilter: AuditFilter = { page: 1, action: '', actorId: '', targetType: '', targetId: '' };

/** The fields an action changed, one line each: "field: before → after". */
function ChangeList({ entry }: { entry: StaffAuditEntry }) {
  const changes = changesOf(entry.before, entry.after);
  if (changes.length === 0) return <span className="staff-page__muted">{auditWords.unchanged}</span>;
  return (
    <ul className="staff-actions-log__changes">
      {changes.map((change) => (
        <li key={change.field}>
          {change.field ? <code>{change.field}</code> : null}
          {change.field ? ': ' : null}
          <span className="staff-actions-log__was">{change.before}</span>
          <span aria-label="became"> → </span>
          <span>{change.after}</span>
        </li>
      ))}
    </ul>
  );
}

export function actionLabel(action: string): string {
  return auditActionWords[action] ?? action;
}

interface FilterFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The log's choices, with "any" first; without them the field is an id typed in. */
  choices?: { any: string; options: readonly { value: string; label: string }[] };
}

/** One filter of the log: a choice of action or target type, or an id it is filtered by. */
function FilterField({ id, label, value, onChange, choices }: FilterFieldProps) {
  const change = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => onChange(event.target.value);
  if (choices) {
    return (
      <SelectField
        id={id}
        label={label}
        placeholder={choices.any}
        options={choices.options}
        value={value}
        onChange={change}
      />
    );
  }
  return (
    <Field id={id} label={label}>
      {(control) => <input {...control} className="field__input" value={value} onChange={change} />}
    </Field>
  );
}

export function AuditLogScreen() {
  useDocumentTitle('Audit log · OpenPie Admin');
  const [filter, setFilter] = useState<AuditFilter>(emptyFilter);
  const [draft, setDraft] = useState<AuditFilter>(emptyFilter);
  const reply = useStaffList(staffAudit, filter);
  const rows = reply.data?.rows ?? [];
  const pages = reply.data?.pagination?.pages ?? 1;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, page: 1 });
  };

  return (
    <div className="staff-actions-log">
      <header className="staff-actions-log__header">
        <div>
          <h1 className="staff-actions-log__title">{auditWords.title}</h1>
          <p className="staff-page__muted">{auditWords.lead}</p>
        </div>
        <CsvDownload
          fileName={auditCsvFile}
          prepare={() =>
            prepareStaffCsv(
              (page, limit) => staffAudit.fetchPage({ ...filter, page }, limit),
              auditCsvColumns,
            )
          }
        />
      </header>
      <form className="staff-actions-log__filters" role="search" onSubmit={apply}>
        <FilterField
          id="audit-action"
          label={auditWords.action}
          value={draft.action}
          choices={{
            any: auditWords.anyAction,
            options: Object.entries(auditActionWords).map(([value, label]) => ({ value, label })),
          }}
          onChange={(action) => setDraft({ ...draft, action })}
        />
        <FilterField
          id="audit-target-type"
          label={auditWords.targetType}
          value={draft.targetType}
          choices={{
            any: auditWords.anyTarget,
            options: auditTargetTypes.map((type) => ({ value: type, label: type })),
          }}
          onChange={(type) => setDraft({ ...draft, targetType: oneOf(type, auditTargetTypes) ?? '' })}
        />
        <FilterField
          id="audit-target-id"
          label={auditWords.targetId}
          value={draft.targetId}
          onChange={(targetId) => setDraft({ ...draft, targetId })}
        />
        <FilterField
          id="audit-actor"
          label={auditWords.actor}
          value={draft.actorId}
          onChange={(actorId) => setDraft({ ...draft, actorId })}
        />
        <div className="staff-actions-log__filter-actions">
          <button type="submit" className="button button--primary">
            {auditWords.apply}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setDraft(emptyFilter);
              setFilter(emptyFilter);
            }}
          >
            {auditWords.clear}
          </button>
        </div>
      </form>
      {!reply.data && !reply.error ? (
        <p className="staff-page__muted" role="status">
          {auditWords.loading}
        </p>
      ) : null}
      {reply.error ? (
        <LoadFailure
          message={describeLoadError(reply.error, auditWords.failed)}
          onRetry={() => void reply.mutate()}
        />
      ) : null}
      {reply.data && rows.length === 0 ? <p className="staff-page__muted">{auditWords.empty}</p> : null}
      {rows.length > 0 ? (
        <ScrollTable
          label={auditWords.caption}
          headers={auditWords.headers}
          className="staff-actions-log__table"
        >
          {rows.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>{entry.actor.email}</td>
              <td>{actionLabel(entry.action)}</td>
              <td>
                {entry.target.type} <code>{entry.target.id}</code>
              </td>
              <td>
                <ChangeList entry={entry} />
              </td>
              <td>{entry.reason}</td>
            </tr>
          ))}
        </ScrollTable>
      ) : null}
      <Pagination
        page={filter.page}
        pageCount={pages}
        label="Audit log pages"
        onPageChange={(page) => setFilter({ ...filter, page })}
      />
    </div>
  );
}
