// POST /api/for-artists/auth/complete-registration: the four profile fields an artist-side account needs (SPEC §5).
import type { ArtistUser, CompleteRegistrationPayload } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function completeRegistration(payload: CompleteRegistrationPayload): Promise<ArtistUser> {
  return apiClient.post<ArtistUser>(apiPath('POST /api/for-artists/auth/complete-registration'), payload);
}
