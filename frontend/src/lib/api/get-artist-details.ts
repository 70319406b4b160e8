// GET /api/artists/details/{id}: a catalogue artist's public details, read without a session. Shared (lib/, not a
// feature) because the public artist page shows them and the claim report form names the artist it was opened for.
import useSWR from 'swr';
import type { ArtistDetails } from '@contracts/artists';
import { apiClient } from '../api-client';
import { apiPath } from '../api-path';

/** The SWR key and URL of a catalogue artist. */
function artistDetailsUrl(artistId: string): string {
  return apiPath('GET /api/artists/details/{id}', { params: { id: artistId } });
}

const fetchArtistDetails = (artistId: string) =>
  apiClient.call('GET /api/artists/details/{id}', { params: { id: artistId } });

/** Read once, without retry (an unknown artist's 404 is not asked again); no call while `artistId` is null. */
export function useArtistDetails(artistId: string | null) {
  return useSWR<ArtistDetails, unknown>(
    artistId ? artistDetailsUrl(artistId) : null,
    artistId ? () => fetchArtistDetails(artistId) : null,
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
