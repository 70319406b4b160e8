// The session cookies of SPEC §3/§6 (HttpOnly, SameSite=Lax, Path=/, Secure but on http://localhost), and the
// clearing cookies every 401 carries (SPEC §4). Kept free of heavy imports: every handler's error path uses it.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AccountKind } from '../domain/identity/account';
import { isSecureCookieOrigin, sessionCookieName } from '../domain/identity/sessions';
import type { Env } from '../runtime/env';

function serializeCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [`${name}=${value}`, `Max-Age=${maxAgeSeconds}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function buildSessionCookie(
  env: Env,
  kind: AccountKind,
  token: string,
  maxAgeSeconds: number,
): string {
  return serializeCookie(
    sessionCookieName(kind),
    token,
    maxAgeSeconds,
    isSecureCookieOrigin(env.SITE_ORIGIN),
  );
}

export function buildClearedSessionCookie(env: Env, kind: AccountKind): string {
  return serializeCookie(sessionCookieName(kind), '', 0, isSecureCookieOrigin(env.SITE_ORIGIN));
}

/** A cookie's value from API Gateway v2's `cookies` array (or a Cookie header, as some clients send). */
export function readCookie(event: APIGatewayProxyEventV2, name: string): string | undefined {
  const pairs = event.cookies ?? (event.headers?.cookie ?? '').split(';');
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}

/** SPEC §4: a 401 clears the stored tokens, except on the login and register calls under /auth/. */
export function isSessionKeepingRoute(routeKey: string): boolean {
  return /\/auth\/(login|register)$/.test(routeKey);
}
