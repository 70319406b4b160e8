// GET /api/artists/details/user/{id}: the artist as the signed-in fan sees them, with the fan's own listening.
import useSWR from 'swr';
import type { FanArtistDetails } from '@contracts/artists';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function fanArtistDetailsUrl(artistId: string): string {
  return apiPath('GET /api/artists/details/user/{id}', { params: { id: artistId } });
}

/** No call while the id is not an artist's; an unknown artist (404) is not asked again. */
export function useFanArtistDetails(artistId: string | null) {
  return useSWR<FanArtistDetails, unknown>(
    artistId ? fanArtistDetailsUrl(artistId) : null,
    () => apiClient.call('GET /api/artists/details/user/{id}', { params: { id: artistId ?? '' } }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
