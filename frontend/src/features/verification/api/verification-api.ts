// The verification calls of the artist area (functions/contracts/verification.ts; decision 027): the Spotify bio
// check, starting a social profile's OAuth connection, and the claim the result pages speak of.
import useSWR, { useSWRConfig } from 'swr';
import type { ClaimDetailReply } from '@contracts/claims';
import type { SocialVerificationPlatform, VerifyBioReply } from '@contracts/verification';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** The same key as the claim screen's, so a verification refreshes it. */
export function claimDetailUrl(claimId: string): string {
  return apiPath('GET /api/for-artists/claims/{id}/detailed', { params: { id: claimId } });
}

export function useVerifiedClaim(claimId: string | null) {
  return useSWR<ClaimDetailReply, unknown>(
    claimId ? claimDetailUrl(claimId) : null,
    (url: string) => apiClient.get<ClaimDetailReply>(url),
    { shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500) },
  );
}

export function verifyBio(
  claimId: string,
  payload: { spotifyArtistUrl: string; openPieLink: string },
): Promise<VerifyBioReply> {
  return apiClient.post<VerifyBioReply>(
    apiPath('POST /api/for-artists/claims/{id}/verify-bio', { params: { id: claimId } }),
    payload,
  );
}

export function connectSocial(
  claimId: string,
  platform: SocialVerificationPlatform,
): Promise<{ authorizeUrl: string }> {
  return apiClient.post<{ authorizeUrl: string }>(apiPath('POST /api/for-artists/artist/socials/connect'), {
    claimId,
    platform,
  });
}

/** SPEC §7's "claims" group: the claim, and every claims list that shows its status. */
export function useRefreshClaims(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => typeof key === 'string' && key.startsWith(apiPath('GET /api/for-artists/claims')));
}
