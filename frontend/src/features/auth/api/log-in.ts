// POST /api/auth/login and /api/for-artists/auth/login (SPEC §3 login payload). The reply is the signed-in account;
// the session itself travels in an HttpOnly cookie the browser keeps, so the SPA notes that it signed in.
import type { ArtistUser, FanUser, LoginPayload } from '@contracts/auth';
import { apiClient } from '../../../lib/api-client';
import { rememberSessionHint } from '../../../lib/session-hints';

export async function logInFan(payload: LoginPayload): Promise<FanUser> {
  const user = await apiClient.call('POST /api/auth/login', { body: payload });
  rememberSessionHint('fan');
  return user;
}

export async function logInArtist(payload: LoginPayload): Promise<ArtistUser> {
  const user = await apiClient.call('POST /api/for-artists/auth/login', { body: payload });
  rememberSessionHint('artist');
  return user;
}
