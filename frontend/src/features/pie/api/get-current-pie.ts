// GET /api/pie/active: the fan's running pie, whose settings pie/settings changes; null when there is none.
import useSWR from 'swr';
import type { PieSummary } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const currentPieUrl = apiPath('GET /api/pie/active');

export const fetchCurrentPie = () => apiClient.call('GET /api/pie/active');

export function useCurrentPie() {
  return useSWR<PieSummary | null, unknown>(currentPieUrl, fetchCurrentPie, { revalidateOnFocus: false });
}
