// POST /api/auth/register and /api/for-artists/auth/register with SPEC §3's e-mail registration payload.
import type { RegisterPayload, RegisterReply } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { buildAuthUrl, type SelfServiceArea } from './auth-area';

export function registerAccount(area: SelfServiceArea, payload: RegisterPayload): Promise<RegisterReply> {
  return apiClient.post<RegisterReply>(buildAuthUrl(area, '/register'), payload);
}
