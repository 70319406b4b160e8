// The catalogue's artist calls (functions/contracts/artists.ts): an artist's public details, the artist as the
// signed-in fan sees them, and their top tracks.
import type { ArtistDetails, ArtistTopTrack, FanArtistDetails } from '@contracts/artists';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** The SWR key and URL of an artist's public details (no session needed). */
export function artistDetailsUrl(artistId: string): string {
  return apiPath('GET /api/artists/details/{id}', { params: { id: artistId } });
}

/** The SWR key and URL of the artist as the signed-in fan sees them. */
export function fanArtistDetailsUrl(artistId: string): string {
  return apiPath('GET /api/artists/details/user/{id}', { params: { id: artistId } });
}

export function artistTopTracksUrl(artistId: string): string {
  return apiPath('GET /api/artists/{id}/top-tracks', { params: { id: artistId } });
}

export function fetchArtistDetails(url: string): Promise<ArtistDetails> {
  return apiClient.get<ArtistDetails>(url);
}

export function fetchFanArtistDetails(url: string): Promise<FanArtistDetails> {
  return apiClient.get<FanArtistDetails>(url);
}

export function fetchArtistTopTracks(url: string): Promise<ArtistTopTrack[]> {
  return apiClient.get<ArtistTopTrack[]>(url);
}
