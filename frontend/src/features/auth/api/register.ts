// POST /api/auth/register and /api/for-artists/auth/register with SPEC §3's e-mail registration payload.
import type { RegisterPayload, RegisterReply } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import type { AreaRoutes, SelfServiceArea } from './auth-area';

const registerRoutes = {
  fan: 'POST /api/auth/register',
  artist: 'POST /api/for-artists/auth/register',
} as const satisfies AreaRoutes;

export function registerAccount(area: SelfServiceArea, payload: RegisterPayload): Promise<RegisterReply> {
  return apiClient.call(registerRoutes[area], { body: payload });
}
