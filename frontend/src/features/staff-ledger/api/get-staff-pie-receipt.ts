// GET /api/admin/ledger/pies/{pieId}: a pie's receipt exactly as its fan reads it, and whose pie it is.
import useSWR from 'swr';
import type { StaffPieReceipt } from '@contracts/admin-ledger';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function staffPieReceiptUrl(pieId: string): string {
  return apiPath('GET /api/admin/ledger/pies/{pieId}', { params: { pieId } });
}

export const fetchStaffPieReceipt = (pieId: string) =>
  apiClient.call('GET /api/admin/ledger/pies/{pieId}', { params: { pieId } });

/** An unknown pie (404) stays so; only a server failure is retried. */
export function useStaffPieReceipt(pieId: string) {
  return useSWR<StaffPieReceipt, unknown>(staffPieReceiptUrl(pieId), () => fetchStaffPieReceipt(pieId), {
    shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500),
  });
}
