// The audit log as CSV: one line per entry, the states before and after as JSON text.
import type { StaffAuditEntry } from '@contracts/admin-audit';
import { escapeCsvField } from '../../../lib/csv';

const columns: readonly [string, (entry: StaffAuditEntry) => string][] = [
  ['at', (entry) => entry.at],
  ['actor_id', (entry) => entry.actor.id],
  ['actor_email', (entry) => entry.actor.email],
  ['action', (entry) => entry.action],
  ['target_type', (entry) => entry.target.type],
  ['target_id', (entry) => entry.target.id],
  ['before', (entry) => JSON.stringify(entry.before ?? null)],
  ['after', (entry) => JSON.stringify(entry.after ?? null)],
  ['reason', (entry) => entry.reason],
];

export function buildCsvText(entries: readonly StaffAuditEntry[]): string {
  const lines = [
    columns.map(([name]) => name).join(','),
    ...entries.map((entry) => columns.map(([, value]) => escapeCsvField(value(entry))).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
