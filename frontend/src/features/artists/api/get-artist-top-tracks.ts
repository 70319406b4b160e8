// GET /api/artists/{id}/top-tracks: the artist's top tracks on Spotify.
import useSWR from 'swr';
import type { ArtistTopTrack } from '@contracts/artists';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function artistTopTracksUrl(artistId: string): string {
  return apiPath('GET /api/artists/{id}/top-tracks', { params: { id: artistId } });
}

export function useArtistTopTracks(artistId: string) {
  return useSWR<ArtistTopTrack[], unknown>(
    artistTopTracksUrl(artistId),
    () => apiClient.call('GET /api/artists/{id}/top-tracks', { params: { id: artistId } }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
