// PUT /api/user/username: the fan's new username; answers the fan's profile.
import type { FanProfileReply, UsernameUpdatePayload } from '@contracts/fan-profile';
import { apiClient } from '../../../lib/api-client';

export function updateUsername(payload: UsernameUpdatePayload): Promise<FanProfileReply> {
  return apiClient.call('PUT /api/user/username', { body: payload });
}
