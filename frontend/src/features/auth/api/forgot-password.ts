// POST /api/auth/forgot-password and its artist twin. The server answers the same whether or not the e-mail has an
// account, so the form cannot be used to find out who does.
import type { ForgotPasswordPayload, MessageReply } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { buildAuthUrl, type SelfServiceArea } from './auth-area';

export function requestPasswordReset(
  area: SelfServiceArea,
  payload: ForgotPasswordPayload,
): Promise<MessageReply> {
  return apiClient.post<MessageReply>(buildAuthUrl(area, '/forgot-password'), payload);
}
