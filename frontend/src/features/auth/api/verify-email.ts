// POST /api/auth/verify-email/{token} and its artist twin: the page a verification mail links to calls it on load.
import type { MessageReply } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { buildAuthUrl, type SelfServiceArea } from './auth-area';

export function verifyEmail(area: SelfServiceArea, token: string): Promise<MessageReply> {
  return apiClient.post<MessageReply>(buildAuthUrl(area, `/verify-email/${encodeURIComponent(token)}`));
}
