// GET /api/for-artists/offices/{officeId}/validate-invitation: what an invitation link is for (a public call: the
// office, the address, the role, and whether it still waits, expired or was accepted).
import useSWR from 'swr';
import type { InvitationValidationReply } from '@contracts/offices';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

/** No call without the link's token. */
export function useInvitation(officeId: string, token: string) {
  return useSWR<InvitationValidationReply, unknown>(
    token
      ? apiPath('GET /api/for-artists/offices/{officeId}/validate-invitation', {
          params: { officeId },
          query: { token },
        })
      : null,
    () =>
      apiClient.call('GET /api/for-artists/offices/{officeId}/validate-invitation', {
        params: { officeId },
        query: { token },
      }),
    { ...retryServerFailures, revalidateOnFocus: false },
  );
}
