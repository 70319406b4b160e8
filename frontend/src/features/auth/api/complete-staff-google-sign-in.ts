// POST /api/admin/auth/google/callback: what Google sent to the page /admin/auth/google/callback, for the server to
// finish the staff sign-in (decision 006). Same reply as the password login.
import type { AdminLoginReply } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';

export interface StaffGoogleCallback {
  code?: string;
  state?: string;
  error?: string;
}

export function completeStaffGoogleSignIn(callback: StaffGoogleCallback): Promise<AdminLoginReply> {
  return apiClient.post<AdminLoginReply>(apiPaths.admin('/auth/google/callback'), callback);
}
