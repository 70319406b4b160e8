// PATCH /api/pie/artist/{id}/ban: bans or unbans an artist from every pie of the fan.
import type * as z from 'zod/mini';
import type { pieArtistBanSchema } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';

export type PieArtistBan = z.infer<typeof pieArtistBanSchema>;

/** `artistRouteId`: the artist's catalogue id, or its name when it is known only by name. */
export function setArtistBan(artistRouteId: string, banned: boolean): Promise<PieArtistBan> {
  return apiClient.call('PATCH /api/pie/artist/{id}/ban', {
    params: { id: artistRouteId },
    body: { value: banned },
  });
}
