// The give-back screen's calls (functions/contracts/give-back.ts): the caller's offices, the
// office's artists and give-backs, the preview of an amount, and the give-back itself.
import useSWR, { useSWRConfig } from 'swr';
import type {
  GiveBackOverviewReply,
  GiveBackPayload,
  GiveBackPreviewReply,
  GiveBackReply,
} from '@contracts/give-back';
import type { OfficeReply } from '@contracts/offices';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

const noRetryOnRefusal = {
  shouldRetryOnError: (error: unknown) => !(isApiError(error) && error.status < 500),
};

export function useOffices() {
  return useSWR<OfficeReply[], unknown>(
    apiPath('GET /api/for-artists/offices'),
    (url: string) => apiClient.get<OfficeReply[]>(url),
    { revalidateOnFocus: false },
  );
}

export function useGiveBackOverview(officeId: string | null) {
  return useSWR<GiveBackOverviewReply, unknown>(
    officeId ? apiPath('GET /api/for-artists/give-back', { query: { officeId } }) : null,
    (url: string) => apiClient.get<GiveBackOverviewReply>(url),
    noRetryOnRefusal,
  );
}

/** What is available for the artist, and each fan's part once an amount is given. */
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
    (url: string) => apiClient.get<GiveBackPreviewReply>(url),
    { ...noRetryOnRefusal, keepPreviousData: true },
  );
}

export function postGiveBack(payload: GiveBackPayload): Promise<GiveBackReply> {
  return apiClient.post<GiveBackReply>(apiPath('POST /api/for-artists/give-back'), payload);
}

/**
 * SPEC §7 "Effects": money left the office, so every balance read (the give-back screen's and the funds screen's
 * balances, transactions and payouts) is read again, in the cache the screen runs under.
 */
export function useRefreshBalances(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key.startsWith('/api/for-artists/give-back') ||
          key.startsWith('/api/for-artists/stripe/') ||
          key.startsWith('/api/for-artists/statements')),
    );
}
