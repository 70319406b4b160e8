// POST /api/for-artists/claims/{id}/verify-bio: checks the artist's Spotify bio for the claim's OpenPie link.
import type { RouteRequestBody } from '@contracts/api/index';
import { apiClient } from '../../../lib/api-client';

export function verifyBio(
  claimId: string,
  payload: RouteRequestBody<'POST /api/for-artists/claims/{id}/verify-bio'>,
) {
  return apiClient.call('POST /api/for-artists/claims/{id}/verify-bio', {
    params: { id: claimId },
    body: payload,
  });
}
