// The session cookies of SPEC §3/§6 (HttpOnly, SameSite=Lax, Path=/, Secure but on http://localhost), the clearing
// cookies every 401 carries (SPEC §4), and reading a request's session token. The handlers put them on replies;
// the session use cases (services/sessions.ts) never see HTTP. Kept free of heavy imports: every handler's error
// path uses it.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AccountKind } from '../domain/identity/account';
import {
  cookiesClearedOnUnauthorized,
  isSecureCookieOrigin,
  sessionCookieName,
} from '../domain/identity/sessions';
import { readCookieValue, serializeCookie } from '../integrations/http-cookies';
import type { Env } from '../runtime/env';

/** The area's session cookie carrying `token`, for as long as the session lives. */
export function buildSessionCookie(
  env: Pick<Env, 'SITE_ORIGIN'>,
  session: { kind: AccountKind; token: string; maxAgeSeconds: number },
): string {
  return serializeCookie({
    name: sessionCookieName(session.kind),
    value: session.token,
    maxAgeSeconds: session.maxAgeSeconds,
    path: '/',
    secure: isSecureCookieOrigin(env.SITE_ORIGIN),
  });
}

export function buildClearedSessionCookie(env: Pick<Env, 'SITE_ORIGIN'>, kind: AccountKind): string {
  return serializeCookie({
    name: sessionCookieName(kind),
    value: '',
    maxAgeSeconds: 0,
    path: '/',
    secure: isSecureCookieOrigin(env.SITE_ORIGIN),
  });
}

/** SPEC §4: the session cookies a 401 clears in an area (fan and artist; under /api/admin the admin one too). */
export function buildCookiesClearedOnUnauthorized(
  env: Pick<Env, 'SITE_ORIGIN'>,
  area: AccountKind,
): string[] {
  return cookiesClearedOnUnauthorized(area).map((kind) => buildClearedSessionCookie(env, kind));
}

/** A cookie's value from API Gateway v2's `cookies` array (or a Cookie header, as some clients send). */
export function readCookie(event: APIGatewayProxyEventV2, name: string): string | undefined {
  return readCookieValue(event.cookies ?? event.headers?.cookie, name);
}

/** The area's token of a request: its cookie, or an `Authorization: Bearer` header (the admin client may send one). */
export function readSessionToken(kind: AccountKind, event: APIGatewayProxyEventV2): string | null {
  const fromCookie = readCookie(event, sessionCookieName(kind));
  if (fromCookie) return fromCookie;
  const authorization = event.headers?.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1] ?? null;
}

/** SPEC §4: a 401 clears the stored tokens, except on the login and register calls under /auth/. */
export function isSessionKeepingRoute(routeKey: string): boolean {
  return /\/auth\/(login|register)$/.test(routeKey);
}
