// POST /api/user/joinBeta: the fan joins the beta; answers the fan's profile.
import type { FanProfileReply } from '@contracts/fan-profile';
import { apiClient } from '../../../lib/api-client';

export function joinBeta(): Promise<FanProfileReply> {
  return apiClient.call('POST /api/user/joinBeta');
}
