// GET /api/admin/ledger/accounts/{accountId}: an account's balance as the ledger keeps it and a page of its entries,
// newest first; `cursor` reads the next, older page.
import useSWR from 'swr';
import type { StaffLedgerAccountPage } from '@contracts/admin-ledger';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** Entries a page: enough for most accounts at a glance, few enough for a phone. */
export const ledgerEntriesPerPage = 25;
/** The largest page the call answers: the CSV reads every entry in pages this size. */
export const ledgerCsvEntriesPerPage = 100;

export function ledgerAccountUrl(
  accountId: string,
  cursor: string | null,
  limit: number = ledgerEntriesPerPage,
): string {
  return apiPath('GET /api/admin/ledger/accounts/{accountId}', {
    params: { accountId },
    query: { limit, cursor: cursor ?? undefined },
  });
}

export const fetchLedgerAccount = (
  accountId: string,
  cursor: string | null,
  limit: number = ledgerEntriesPerPage,
) =>
  apiClient.call('GET /api/admin/ledger/accounts/{accountId}', {
    params: { accountId },
    query: { limit: String(limit), ...(cursor === null ? {} : { cursor }) },
  });

/** An account no money moved through (404) stays so; only a server failure is retried. */
export function useLedgerAccount(accountId: string, cursor: string | null) {
  return useSWR<StaffLedgerAccountPage, unknown>(
    ledgerAccountUrl(accountId, cursor),
    () => fetchLedgerAccount(accountId, cursor),
    {
      shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500),
    },
  );
}
