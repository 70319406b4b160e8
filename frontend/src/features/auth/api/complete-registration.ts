// POST /api/for-artists/auth/complete-registration: the four profile fields an artist-side account needs (SPEC §5).
import type { ArtistUser, CompleteRegistrationPayload } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';

export function completeRegistration(payload: CompleteRegistrationPayload): Promise<ArtistUser> {
  return apiClient.call('POST /api/for-artists/auth/complete-registration', { body: payload });
}
