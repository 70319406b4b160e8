// POST /api/auth/logout, /api/for-artists/auth/logout and /api/admin/auth/logout: ends the server session and clears
// that area's HttpOnly cookie.
import type { MessageReply } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import type { SessionRole } from '../../../lib/session';
import { forgetSessionHints } from '../../../lib/session-hints';

const logoutRoutes = {
  fan: 'POST /api/auth/logout',
  artist: 'POST /api/for-artists/auth/logout',
  admin: 'POST /api/admin/auth/logout',
} as const satisfies Readonly<Record<SessionRole, string>>;

export async function logOut(role: SessionRole): Promise<MessageReply> {
  // Forgotten first: whatever the server answers, this browser should no longer present itself as signed in.
  forgetSessionHints([role]);
  // The page leaves for the sign-in screen it chose whatever happens (LogoutButton): 401s from here on are expected.
  apiClient.expectSessionEnd();
  return apiClient.call(logoutRoutes[role]);
}
