// The audit log as CSV: one line per entry, the states before and after as JSON text.
import type { StaffAuditEntry } from '@contracts/admin-audit';
import type { CsvColumn } from '../../../lib/csv';

export const auditCsvFile = 'openpie-audit-log.csv';

export const auditCsvColumns: readonly CsvColumn<StaffAuditEntry>[] = [
  { name: 'at', value: (entry) => entry.at },
  { name: 'actor_id', value: (entry) => entry.actor.id },
  { name: 'actor_email', value: (entry) => entry.actor.email },
  { name: 'action', value: (entry) => entry.action },
  { name: 'target_type', value: (entry) => entry.target.type },
  { name: 'target_id', value: (entry) => entry.target.id },
  { name: 'before', value: (entry) => JSON.stringify(entry.before ?? null) },
  { name: 'after', value: (entry) => JSON.stringify(entry.after ?? null) },
  { name: 'reason', value: (entry) => entry.reason },
];
