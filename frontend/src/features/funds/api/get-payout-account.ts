// GET /api/for-artists/stripe/account-status: where the office's Stripe onboarding stands.
import useSWR from 'swr';
import type { PayoutAccountReply } from '@contracts/artist-payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function payoutAccountUrl(officeId: string): string {
  return apiPath('GET /api/for-artists/stripe/account-status', { query: { officeId } });
}

/**
 * The office's onboarding state; read again on focus, since the person comes back from Stripe's page. A refusal
 * (403: a member's role does not read money) stays so, only a server failure is worth retrying.
 */
export function usePayoutAccount(officeId: string | null) {
  return useSWR<PayoutAccountReply, unknown>(
    officeId ? payoutAccountUrl(officeId) : null,
    () =>
      apiClient.call('GET /api/for-artists/stripe/account-status', { query: { officeId: officeId ?? '' } }),
    retryServerFailures,
  );
}
