// GET /api/for-artists/offices/{officeId}/members: an office's members and pending invitations.
import useSWR from 'swr';
import type { OfficeMemberEntryReply } from '@contracts/offices';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function officeMembersUrl(officeId: string): string {
  return apiPath('GET /api/for-artists/offices/{officeId}/members', { params: { officeId } });
}

export function useOfficeMembers(officeId: string | null) {
  return useSWR<OfficeMemberEntryReply[], unknown>(
    officeId ? officeMembersUrl(officeId) : null,
    () =>
      apiClient.call('GET /api/for-artists/offices/{officeId}/members', {
        params: { officeId: officeId ?? '' },
      }),
    retryServerFailures,
  );
}
