// GET /api/pie/user/{id}/pies: every pie of the fan, newest first.
import useSWR from 'swr';
import type { PieSummary } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function fanPiesUrl(fanId: string): string {
  return apiPath('GET /api/pie/user/{id}/pies', { params: { id: fanId } });
}

export const fetchFanPies = (fanId: string) =>
  apiClient.call('GET /api/pie/user/{id}/pies', { params: { id: fanId } });

/** No call while the fan's id is unknown. */
export function useFanPies(fanId: string | null) {
  return useSWR<PieSummary[], unknown>(
    fanId ? fanPiesUrl(fanId) : null,
    fanId ? () => fetchFanPies(fanId) : null,
    {
      revalidateOnFocus: false,
    },
  );
}
