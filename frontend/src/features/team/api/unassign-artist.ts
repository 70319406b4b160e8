// DELETE /api/for-artists/offices/{officeId}/members/{member}/artists/{artistId}: takes an artist from a member.
import { apiClient } from '../../../lib/api-client';

export function unassignArtist(officeId: string, userId: string, artistId: string) {
  return apiClient.call('DELETE /api/for-artists/offices/{officeId}/members/{member}/artists/{artistId}', {
    params: { officeId, member: userId, artistId },
  });
}
