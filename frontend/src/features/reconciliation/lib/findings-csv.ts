// The reconciliation findings as a CSV: every finding of the checks run, in the table's order (the table shows the
// first 200 and counts the rest; the file holds them all), with the check's name, subject, expected, found, message.
import type { ReconciliationProblemReply } from '@contracts/api/admin-reconciliation';
import type { PreparedCsv } from '../../../components/csv-download';
import type { CsvColumn } from '../../../lib/csv';
import { buildCsv } from '../../../lib/csv';

export const findingsCsvFile = 'openpie-reconciliation-findings.csv';

const findingCsvColumns: readonly CsvColumn<ReconciliationProblemReply>[] = [
  { name: 'check', value: (finding) => finding.check },
  { name: 'subject', value: (finding) => finding.subject },
  { name: 'expected', value: (finding) => finding.expected },
  { name: 'found', value: (finding) => finding.found },
  { name: 'message', value: (finding) => finding.message },
];

export function prepareFindingsCsv(findings: readonly ReconciliationProblemReply[]): Promise<PreparedCsv> {
  return Promise.resolve({ text: buildCsv(findings, findingCsvColumns), rows: findings.length });
}
