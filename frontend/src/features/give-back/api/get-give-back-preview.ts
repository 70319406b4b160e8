// GET /api/for-artists/give-back/preview: what is available for the artist, and each fan's part once an amount is
// given.
import useSWR from 'swr';
import type { GiveBackPreviewReply } from '@contracts/give-back';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function useGiveBackPreview(
  officeId: string | null,
  artistId: string | null,
  amountCents: number | null,
) {
  const query =
    officeId && artistId
      ? { officeId, artistId, ...(amountCents === null ? {} : { amountCents: String(amountCents) }) }
      : null;
  return useSWR<GiveBackPreviewReply, unknown>(
    query ? apiPath('GET /api/for-artists/give-back/preview', { query }) : null,
    () =>
      apiClient.call('GET /api/for-artists/give-back/preview', {
        query: query ?? { officeId: '', artistId: '' },
      }),
    { ...retryServerFailures, keepPreviousData: true },
  );
}
