// POST /api/auth/logout, /api/for-artists/auth/logout and /api/admin/auth/logout: ends the server session and clears
// that area's HttpOnly cookie.
import type { MessageReply } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import type { SessionRole } from '../../../lib/session';

const logoutUrls: Readonly<Record<SessionRole, string>> = {
  fan: apiPaths.fan('/auth/logout'),
  artist: apiPaths.artist('/auth/logout'),
  admin: apiPaths.admin('/auth/logout'),
};

export function logOut(role: SessionRole): Promise<MessageReply> {
  return apiClient.post<MessageReply>(logoutUrls[role]);
}
