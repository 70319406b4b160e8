// PUT /api/user/visibility: who may see the fan's profile; answers the fan's profile.
import type { FanProfileReply, FanVisibilityValue } from '@contracts/fan-profile';
import { apiClient } from '../../../lib/api-client';

export function updateVisibility(visibility: FanVisibilityValue): Promise<FanProfileReply> {
  return apiClient.call('PUT /api/user/visibility', { body: { visibility } });
}
