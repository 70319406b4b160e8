// The fan-profile calls (functions/contracts/fan-profile.ts): settings writes, another fan's profile, claim reports.
import type { ArtistDetails } from '@contracts/artists';
import type {
  ClaimReportPayload,
  ClaimReportReply,
  FanProfileReply,
  FanVisibilityValue,
  PublicFanProfile,
  UsernameUpdatePayload,
} from '@contracts/fan-profile';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function updateUsername(payload: UsernameUpdatePayload): Promise<FanProfileReply> {
  return apiClient.put<FanProfileReply>(apiPath('PUT /api/user/username'), payload);
}

export function updateVisibility(visibility: FanVisibilityValue): Promise<FanProfileReply> {
  return apiClient.put<FanProfileReply>(apiPath('PUT /api/user/visibility'), { visibility });
}

export function joinBeta(): Promise<FanProfileReply> {
  return apiClient.post<FanProfileReply>(apiPath('POST /api/user/joinBeta'));
}

/** The SWR key and URL of a fan's profile. */
export function fanDetailsUrl(fanId: string): string {
  return apiPath('GET /api/user/details/{id}', { params: { id: fanId } });
}

export function fetchFanDetails(url: string): Promise<PublicFanProfile> {
  return apiClient.get<PublicFanProfile>(url);
}

/** The SWR key and URL of a catalogue artist (the report form names the artist it was opened for). */
export function artistDetailsUrl(artistId: string): string {
  return apiPath('GET /api/artists/details/{id}', { params: { id: artistId } });
}

export function fetchArtistDetails(url: string): Promise<ArtistDetails> {
  return apiClient.get<ArtistDetails>(url);
}

export function reportClaim(artistId: string, payload: ClaimReportPayload): Promise<ClaimReportReply> {
  return apiClient.post<ClaimReportReply>(
    apiPath('POST /api/claims/report/{id}', { params: { id: artistId } }),
    payload,
  );
}
