// Session rules: one audience and one cookie per area, and how long a sign-in lasts. A session is also an item
// in the table, so logout, a password reset or a deletion can end it before its token expires.
import { sessionCookieNames } from '../../contracts/session-cookies';
import type { AccountKind } from './account';

export const sessionIssuer = 'openpie';

export const sessionAudiences: Record<AccountKind, string> = {
  fan: 'openpie:fan',
  artist: 'openpie:artist',
  admin: 'openpie:admin',
};

/** SPEC §9: the admin cookie lives 7 days; SPEC §4 re-sets essential cookies for 30 days, so fans and artists get 30. */
export const sessionLifetimeSeconds: Record<AccountKind, number> = {
  fan: 30 * 24 * 60 * 60,
  artist: 30 * 24 * 60 * 60,
  admin: 7 * 24 * 60 * 60,
};

export function sessionCookieName(kind: AccountKind): string {
  return sessionCookieNames[kind];
}

export function sessionExpiry(kind: AccountKind, now: Date): Date {
  return new Date(now.getTime() + sessionLifetimeSeconds[kind] * 1000);
}

/** The cookies a 401 clears (SPEC §4: fan and artist; the admin one too inside the admin API). */
export function cookiesClearedOnUnauthorized(area: AccountKind): AccountKind[] {
  return area === 'admin' ? ['fan', 'artist', 'admin'] : ['fan', 'artist'];
}

/** Cookies are Secure everywhere but plain-HTTP localhost, where browsers would drop them. */
export function isSecureCookieOrigin(siteOrigin: string | undefined): boolean {
  if (!siteOrigin) return true;
  return !/^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(siteOrigin);
}
