// GET /api/artists/details/{id}: a catalogue artist's public details; the claim report form names the artist it was
// opened for.
import useSWR from 'swr';
import type { ArtistDetails } from '@contracts/artists';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** The SWR key and URL of a catalogue artist. */
export function artistDetailsUrl(artistId: string): string {
  return apiPath('GET /api/artists/details/{id}', { params: { id: artistId } });
}

export const fetchArtistDetails = (artistId: string) =>
  apiClient.call('GET /api/artists/details/{id}', { params: { id: artistId } });

/** Read once, without retry; no call while `artistId` is null. */
export function useArtistDetails(artistId: string | null) {
  return useSWR<ArtistDetails, unknown>(
    artistId ? artistDetailsUrl(artistId) : null,
    artistId ? () => fetchArtistDetails(artistId) : null,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
