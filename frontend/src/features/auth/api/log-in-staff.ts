// POST /api/admin/auth/login: staff e-mail and password. SPEC §3: returns a token, also kept in the admin cookie for
// 7 days; the SPA relies on the cookie and never stores the token itself.
import type { AdminLoginReply, LoginPayload } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export function logInStaff(payload: LoginPayload): Promise<AdminLoginReply> {
  return apiClient.post<AdminLoginReply>(apiPaths.admin('/auth/login'), payload);
}
