// POST /api/auth/verify-email/{token} and its artist twin: the page a verification mail links to calls it on load.
import type { MessageReply } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import type { AreaRoutes, SelfServiceArea } from './auth-area';

const verifyEmailRoutes = {
  fan: 'POST /api/auth/verify-email/{token}',
  artist: 'POST /api/for-artists/auth/verify-email/{token}',
} as const satisfies AreaRoutes;

export function verifyEmail(area: SelfServiceArea, token: string): Promise<MessageReply> {
  return apiClient.call(verifyEmailRoutes[area], { params: { token } });
}
