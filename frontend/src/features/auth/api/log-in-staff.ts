// POST /api/admin/auth/login: staff e-mail and password. SPEC §3: returns a token, also kept in the admin cookie for
// 7 days; the SPA relies on the cookie and never stores the token itself.
import type { AdminLoginReply, LoginPayload } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { rememberSessionHint } from '../../../lib/session-hints';

export async function logInStaff(payload: LoginPayload): Promise<AdminLoginReply> {
  const reply = await apiClient.call('POST /api/admin/auth/login', { body: payload });
  rememberSessionHint('admin');
  return reply;
}
