// POST /api/for-artists/artist/socials/connect: starts a social profile's OAuth connection for a claim, answering
// where the browser goes to authorize it.
import type { SocialVerificationPlatform } from '@contracts/verification';
import { apiClient } from '../../../lib/api-client';

export function connectSocial(claimId: string, platform: SocialVerificationPlatform) {
  return apiClient.call('POST /api/for-artists/artist/socials/connect', { body: { claimId, platform } });
}
