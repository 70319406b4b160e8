// PATCH /api/for-artists/user/profile: saves the artist-side user's name, phone number and country.
import type { CompleteRegistrationPayload } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';

export function updateProfile(payload: CompleteRegistrationPayload) {
  return apiClient.call('PATCH /api/for-artists/user/profile', { body: payload });
}
