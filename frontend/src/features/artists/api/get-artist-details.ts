// GET /api/artists/details/{id}: an artist's public details, read without a session.
import useSWR from 'swr';
import type { ArtistDetails } from '@contracts/artists';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function artistDetailsUrl(artistId: string): string {
  return apiPath('GET /api/artists/details/{id}', { params: { id: artistId } });
}

/** No call while the id is not an artist's; an unknown artist (404) is not asked again. */
export function useArtistDetails(artistId: string | null) {
  return useSWR<ArtistDetails, unknown>(
    artistId ? artistDetailsUrl(artistId) : null,
    () => apiClient.call('GET /api/artists/details/{id}', { params: { id: artistId ?? '' } }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
