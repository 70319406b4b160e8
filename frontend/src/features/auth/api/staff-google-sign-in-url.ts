// GET /api/admin/auth/loginGoogle: staff Google sign-in, a browser redirect returning to /admin/auth/google/callback.
import { apiPath } from '../../../lib/api-path';

export function buildStaffGoogleSignInUrl(): string {
  return apiPath('GET /api/admin/auth/loginGoogle');
}
