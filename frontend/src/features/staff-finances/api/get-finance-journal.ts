// GET /api/admin/finances/journal: one page of the accountant's journal (every ledger line of a span of days).
import type { JournalPage } from '../../../../../functions/contracts/staff-finances';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export interface JournalSpan {
  /** The first UTC day (`YYYY-MM-DD`), null for the ledger's beginning. */
  from: string | null;
  /** The last UTC day, included. */
  to: string;
}

export function financeJournalUrl(span: JournalSpan, cursor: string | null = null): string {
  return apiPath('GET /api/admin/finances/journal', {
    query: {
      ...(span.from ? { from: span.from } : {}),
      to: span.to,
      ...(cursor ? { cursor } : {}),
    },
  });
}

export const fetchFinanceJournalPage = (url: string) => apiClient.get<JournalPage>(url);
