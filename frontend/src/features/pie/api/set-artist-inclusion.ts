// PATCH /api/pie/artist/{id}/set-inclusion: keeps an artist in one pie beyond the limit, leaves it out of that pie, or
// hands it back to the settings (null).
import type * as z from 'zod/mini';
import type { pieArtistInclusionReplySchema } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';

export type PieArtistInclusion = z.infer<typeof pieArtistInclusionReplySchema>;

export function setArtistInclusion(
  artistRouteId: string,
  pieId: string,
  inclusion: boolean | null,
): Promise<PieArtistInclusion> {
  return apiClient.call('PATCH /api/pie/artist/{id}/set-inclusion', {
    params: { id: artistRouteId },
    body: { value: inclusion, pieId },
  });
}
