// The catalogue's artist calls (functions/contracts/artists.ts): an artist's public details, the artist as the
// signed-in fan sees them, and their top tracks.
import type {
  ArtistDetails,
  ArtistTopTrack,
  FanArtistDetails,
} from '../../../../../functions/contracts/artists';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

/** The SWR key and URL of an artist's public details (no session needed). */
export function artistDetailsUrl(artistId: string): string {
  return apiPaths.fan(`/artists/details/${encodeURIComponent(artistId)}`);
}

/** The SWR key and URL of the artist as the signed-in fan sees them. */
export function fanArtistDetailsUrl(artistId: string): string {
  return apiPaths.fan(`/artists/details/user/${encodeURIComponent(artistId)}`);
}

export function artistTopTracksUrl(artistId: string): string {
  return apiPaths.fan(`/artists/${encodeURIComponent(artistId)}/top-tracks`);
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
