// POST /api/auth/register and /api/for-artists/auth/register with SPEC §3's e-mail registration payload.
import type { RegisterPayload, RegisterReply } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import type { AreaRoutes, SelfServiceArea } from './auth-area';

const registerRoutes = {
  fan: 'POST /api/auth/register',
  artist: 'POST /api/for-artists/auth/register',
} as const satisfies AreaRoutes;

export function registerAccount(area: SelfServiceArea, payload: RegisterPayload): Promise<RegisterReply> {
  return apiClient.post<RegisterReply>(apiPath(registerRoutes[area]), payload);
}
