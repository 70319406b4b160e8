// GET /api/for-artists/give-back: the office's artists, what each holds, and its give-backs so far.
import useSWR from 'swr';
import type { GiveBackOverviewReply } from '@contracts/give-back';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function useGiveBackOverview(officeId: string | null) {
  return useSWR<GiveBackOverviewReply, unknown>(
    officeId ? apiPath('GET /api/for-artists/give-back', { query: { officeId } }) : null,
    () => apiClient.call('GET /api/for-artists/give-back', { query: { officeId: officeId ?? '' } }),
    retryServerFailures,
  );
}
