// POST /api/auth/login and /api/for-artists/auth/login (SPEC §3 login payload). The reply is the signed-in account;
// the session itself travels in an HttpOnly cookie the browser keeps.
import type { ArtistUser, FanUser, LoginPayload } from '../../../../../functions/contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { buildAuthUrl } from './auth-area';

export function logInFan(payload: LoginPayload): Promise<FanUser> {
  return apiClient.post<FanUser>(buildAuthUrl('fan', '/login'), payload);
}

export function logInArtist(payload: LoginPayload): Promise<ArtistUser> {
  return apiClient.post<ArtistUser>(buildAuthUrl('artist', '/login'), payload);
}
