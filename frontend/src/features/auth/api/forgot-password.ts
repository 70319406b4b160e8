// POST /api/auth/forgot-password and its artist twin. The server answers the same whether or not the e-mail has an
// account, so the form cannot be used to find out who does.
import type { ForgotPasswordPayload, MessageReply } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import type { AreaRoutes, SelfServiceArea } from './auth-area';

const forgotPasswordRoutes = {
  fan: 'POST /api/auth/forgot-password',
  artist: 'POST /api/for-artists/auth/forgot-password',
} as const satisfies AreaRoutes;

export function requestPasswordReset(
  area: SelfServiceArea,
  payload: ForgotPasswordPayload,
): Promise<MessageReply> {
  return apiClient.call(forgotPasswordRoutes[area], { body: payload });
}
