// GET /api/pie/active: the fan's running pie, or null when there is none.
import useSWR from 'swr';
import type { PieSummary } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const activePieUrl = apiPath('GET /api/pie/active');

export const fetchActivePie = () => apiClient.call('GET /api/pie/active');

export function useActivePie() {
  return useSWR<PieSummary | null, unknown>(activePieUrl, fetchActivePie, { revalidateOnFocus: false });
}
