// POST /api/auth/reset-password/{token} and its artist twin (SPEC §3: body password, token in the path).
import type { MessageReply, ResetPasswordPayload } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import type { AreaRoutes, SelfServiceArea } from './auth-area';

const resetPasswordRoutes = {
  fan: 'POST /api/auth/reset-password/{token}',
  artist: 'POST /api/for-artists/auth/reset-password/{token}',
} as const satisfies AreaRoutes;

export function resetPassword(
  area: SelfServiceArea,
  token: string,
  payload: ResetPasswordPayload,
): Promise<MessageReply> {
  return apiClient.call(resetPasswordRoutes[area], { params: { token }, body: payload });
}
