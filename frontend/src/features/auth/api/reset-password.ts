// POST /api/auth/reset-password/{token} and its artist twin (SPEC §3: body password, token in the path).
import type { MessageReply, ResetPasswordPayload } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { buildAuthUrl, type SelfServiceArea } from './auth-area';

export function resetPassword(
  area: SelfServiceArea,
  token: string,
  payload: ResetPasswordPayload,
): Promise<MessageReply> {
  return apiClient.post<MessageReply>(
    buildAuthUrl(area, `/reset-password/${encodeURIComponent(token)}`),
    payload,
  );
}
