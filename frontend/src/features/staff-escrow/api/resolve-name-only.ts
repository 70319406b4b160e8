// POST /api/admin/escrow/name-only/{name}/resolve: a name heard alone given to one catalogue artist, with a reason.
import type { ResolveNameResult } from '@contracts/admin-escrow';
import { apiClient } from '../../../lib/api-client';

export function resolveNameOnlyArtist(
  normalisedName: string,
  payload: { artistId: string; reason: string },
): Promise<ResolveNameResult> {
  return apiClient.call('POST /api/admin/escrow/name-only/{name}/resolve', {
    params: { name: normalisedName },
    body: payload,
  });
}
