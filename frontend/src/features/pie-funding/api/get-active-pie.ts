// GET /api/pie/active: the fan's running pie, or null when there is none.
import useSWR from 'swr';
import type { PieSummary } from '@contracts/payments';
import { apiClient, type ApiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { withPrefetchedReply } from '../../../lib/first-screen-data';

export const activePieUrl = apiPath('GET /api/pie/active');

export const fetchActivePie = (client: ApiClient = apiClient) => client.call('GET /api/pie/active');

/** /pie's own read of it: the reply the page's first load asked for early (lib/first-screen-data.ts), else a call. */
const readActivePie = withPrefetchedReply(activePieUrl, () => fetchActivePie());

export function useActivePie() {
  return useSWR<PieSummary | null, unknown>(activePieUrl, readActivePie, { revalidateOnFocus: false });
}
