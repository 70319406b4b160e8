// GET /api/admin/finances/journal: one page of the accountant's journal (every ledger line of a span of days).
import type { JournalPage } from '@contracts/staff-finances';
import { apiClient } from '../../../lib/api-client';

export interface JournalSpan {
  /** The first UTC day (`YYYY-MM-DD`), null for the ledger's beginning. */
  from: string | null;
  /** The last UTC day, included. */
  to: string;
}

export const fetchFinanceJournalPage = (
  span: JournalSpan,
  cursor: string | null = null,
): Promise<JournalPage> =>
  apiClient.call('GET /api/admin/finances/journal', {
    query: { ...(span.from ? { from: span.from } : {}), to: span.to, ...(cursor ? { cursor } : {}) },
  });
