// POST /api/admin/auth/google/callback: what Google sent to the page /admin/auth/google/callback, for the server to
// finish the staff sign-in (decision 006). Same reply as the password login.
import type { AdminLoginReply } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { rememberSessionHint } from '../../../lib/session-hints';

export interface StaffGoogleCallback {
  code?: string;
  state?: string;
  error?: string;
}

export async function completeStaffGoogleSignIn(callback: StaffGoogleCallback): Promise<AdminLoginReply> {
  const reply = await apiClient.call('POST /api/admin/auth/google/callback', { body: callback });
  rememberSessionHint('admin');
  return reply;
}
