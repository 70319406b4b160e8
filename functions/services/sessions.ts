// Signing in and out. `startSession` is what every way of signing in ends with (password, social provider, staff):
// a session item, a signed token naming it, and the area's cookie. Tokens are checked against the item on every
// call, so ending the item ends the session even though the token has not expired.
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { deleteAllSessions, deleteSession, isSessionLive, putSession } from '../data/sessions';
import type { AccountKind } from '../domain/identity/account';
import {
  sessionAudiences,
  sessionCookieName,
  sessionExpiry,
  sessionIssuer,
  sessionLifetimeSeconds,
} from '../domain/identity/sessions';
import { signSessionToken, verifySessionToken } from '../integrations/session-tokens';
import { buildClearedSessionCookie, buildSessionCookie, readCookie } from './cookies';
import { getEnv } from '../runtime/env';
import { getSigningKey } from '../runtime/signing-key';
import { getTable } from '../runtime/table';

export interface StartedSession {
  /** Set-Cookie values for the reply (`ok(data, { cookies })`). */
  cookies: string[];
  /** The signed token (the admin login also returns it in its reply, SPEC §3). */
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

/** Signs a person in to an area: records the session and returns the cookie that carries it. */
export async function startSession(
  kind: AccountKind,
  userId: string,
  options: { now?: Date } = {},
): Promise<StartedSession> {
  const now = options.now ?? new Date();
  const sessionId = randomBytes(16).toString('base64url');
  const expiresAt = sessionExpiry(kind, now);
  await putSession(getTable(), { kind, userId, sessionId, createdAt: now, expiresAt });
  const token = await signSessionToken(await getSigningKey(), {
    issuer: sessionIssuer,
    audience: sessionAudiences[kind],
    userId,
    sessionId,
    issuedAt: now,
    expiresAt,
  });
  const cookie = buildSessionCookie(getEnv(), kind, token, sessionLifetimeSeconds[kind]);
  return { cookies: [cookie], token, sessionId, expiresAt };
}

/** The area's token of a request: its cookie, or an `Authorization: Bearer` header (the admin client may send one). */
export function readSessionToken(kind: AccountKind, event: APIGatewayProxyEventV2): string | null {
  const fromCookie = readCookie(event, sessionCookieName(kind));
  if (fromCookie) return fromCookie;
  const authorization = event.headers?.authorization ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  return match?.[1] ?? null;
}

/** Who the request is signed in as in this area: a genuine, current token whose session still exists; else null. */
export async function findSession(
  kind: AccountKind,
  event: APIGatewayProxyEventV2,
  now: Date = new Date(),
): Promise<SessionIdentity | null> {
  const token = readSessionToken(kind, event);
  if (!token) return null;
  const verified = await verifySessionToken(await getSigningKey(), token, {
    issuer: sessionIssuer,
    audience: sessionAudiences[kind],
    now,
  });
  if (!verified) return null;
  const live = await isSessionLive(getTable(), kind, verified.userId, verified.sessionId, now);
  return live ? { userId: verified.userId, sessionId: verified.sessionId } : null;
}

/** Logout: ends the session the request carries (if any) and returns the cookie that clears it. */
export async function endSession(
  kind: AccountKind,
  event: APIGatewayProxyEventV2,
  now: Date = new Date(),
): Promise<string[]> {
  const session = await findSession(kind, event, now);
  if (session) await deleteSession(getTable(), kind, session.userId, session.sessionId);
  return [buildClearedSessionCookie(getEnv(), kind)];
}

/** Signs a person out everywhere (password reset, account deletion). Returns how many sessions ended. */
export function endAllSessions(kind: AccountKind, userId: string): Promise<number> {
  return deleteAllSessions(getTable(), kind, userId);
}
