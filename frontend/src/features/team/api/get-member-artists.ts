// GET /api/for-artists/offices/{officeId}/members/{member}/artists: the artists assigned to a member.
import useSWR from 'swr';
import type { MemberArtistsReply } from '@contracts/offices';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function memberArtistsUrl(officeId: string, userId: string): string {
  return apiPath('GET /api/for-artists/offices/{officeId}/members/{member}/artists', {
    params: { officeId, member: userId },
  });
}

export function useMemberArtists(officeId: string | null, userId: string | null) {
  return useSWR<MemberArtistsReply, unknown>(
    officeId && userId ? memberArtistsUrl(officeId, userId) : null,
    () =>
      apiClient.call('GET /api/for-artists/offices/{officeId}/members/{member}/artists', {
        params: { officeId: officeId ?? '', member: userId ?? '' },
      }),
    retryServerFailures,
  );
}
