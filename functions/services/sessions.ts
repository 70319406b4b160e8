// Signing in and out. `startSession` is what every way of signing in ends with (password, social provider, staff):
// a session item and a signed token naming it; the handler puts the token in the area's cookie
// (services/cookies.ts). Tokens are checked against the item on every call, so ending the item ends the session even
// though the token has not expired. Every time here is the product clock's (token expiry and session liveness alike).
import { randomBytes } from 'node:crypto';
import type { TableRef } from '../data/table';
import { deleteAllSessions, deleteSession, isSessionLive, putSession } from '../data/sessions';
import type { AccountKind } from '../domain/identity/account';
import {
  sessionAudiences,
  sessionExpiry,
  sessionIssuer,
  sessionLifetimeSeconds,
} from '../domain/identity/sessions';
import { signSessionToken, verifySessionToken } from '../integrations/session-tokens';
import type { Clock } from '../runtime/clock';
import { getClock } from '../runtime/clock';
import { recordMetric } from '../runtime/metrics';
import { getSigningKey } from '../runtime/signing-key';
import { getTable } from '../runtime/table';

export interface SessionDependencies {
  table: TableRef;
  clock: Clock;
  /** The HS256 key that signs and checks session tokens. */
  signingKey(): Promise<Uint8Array>;
}

/** The deployment's session dependencies: its table, the product clock and the signing key. */
export function sessionDependencies(): SessionDependencies {
  return { table: getTable(), clock: getClock(), signingKey: getSigningKey };
}

export interface StartedSession {
  kind: AccountKind;
  /** The signed token: the area's cookie carries it (the admin login also returns it in its reply, SPEC §3). */
  token: string;
  sessionId: string;
  expiresAt: Date;
  /** The cookie's Max-Age: the session's lifetime. */
  maxAgeSeconds: number;
}

export interface SessionIdentity {
  userId: string;
  sessionId: string;
}

/** Signs a person in to an area: records the session and signs the token that names it. */
export async function startSession(
  deps: SessionDependencies,
  kind: AccountKind,
  userId: string,
): Promise<StartedSession> {
  const now = deps.clock.now();
  const sessionId = randomBytes(16).toString('base64url');
  const expiresAt = sessionExpiry(kind, now);
  await putSession(deps.table, { kind, userId, sessionId, createdAt: now, expiresAt });
  const token = await signSessionToken(await deps.signingKey(), {
    issuer: sessionIssuer,
    audience: sessionAudiences[kind],
    userId,
    sessionId,
    issuedAt: now,
    expiresAt,
  });
  recordMetric('SignIn');
  return { kind, token, sessionId, expiresAt, maxAgeSeconds: sessionLifetimeSeconds[kind] };
}

/**
 * Who a token signs in as in this area: a genuine token of the area, current by the product clock, whose session
 * still exists and has not passed its time; else null.
 */
export async function findSession(
  deps: SessionDependencies,
  kind: AccountKind,
  token: string | null,
): Promise<SessionIdentity | null> {
  if (!token) return null;
  const now = deps.clock.now();
  const verified = await verifySessionToken(await deps.signingKey(), token, {
    issuer: sessionIssuer,
    audience: sessionAudiences[kind],
    now,
  });
  if (!verified) return null;
  const live = await isSessionLive(deps.table, kind, verified.userId, verified.sessionId, now);
  return live ? { userId: verified.userId, sessionId: verified.sessionId } : null;
}

/** Logout: ends the session the token names, if it is one. */
export async function endSession(
  deps: SessionDependencies,
  kind: AccountKind,
  token: string | null,
): Promise<void> {
  const session = await findSession(deps, kind, token);
  if (session) await deleteSession(deps.table, kind, session.userId, session.sessionId);
}

/** Signs a person out everywhere (password reset, account deletion). Returns how many sessions ended. */
export function endAllSessions(
  deps: Pick<SessionDependencies, 'table'>,
  kind: AccountKind,
  userId: string,
): Promise<number> {
  return deleteAllSessions(deps.table, kind, userId);
}
