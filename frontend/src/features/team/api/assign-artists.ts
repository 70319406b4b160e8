// POST /api/for-artists/offices/{officeId}/members/{member}/artists: assigns artists to a member.
import { apiClient } from '../../../lib/api-client';

export function assignArtists(officeId: string, userId: string, artistIds: string[]) {
  return apiClient.call('POST /api/for-artists/offices/{officeId}/members/{member}/artists', {
    params: { officeId, member: userId },
    body: { artistIds },
  });
}
