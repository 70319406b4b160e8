// Identity helpers for integration tests. The signing key and cheap scrypt parameters come from
// test/support/env-setup.ts, which runs before every test file.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { expect } from 'vitest';
import type { EventOptions } from './gateway-event';
import { bodyOf, buildGatewayEvent, testContext } from './gateway-event';
import { testTable } from './test-table';

type Handler = (
  event: APIGatewayProxyEventV2,
  context: typeof testContext,
) => Promise<{ statusCode: number; headers: Record<string, string>; cookies?: string[]; body?: string }>;

export type HandlerResult = Awaited<ReturnType<Handler>>;

export const sessionCookie = {
  fan: 'openpie_access_token_fan',
  artist: 'openpie_access_token_artist',
  admin: 'openpie_access_token_admin',
} as const;

/** A fresh address per test, so tests never share an account or a rate-limit counter. */
export function uniqueEmail(label = 'person'): string {
  return `${label}-${randomUUID()}@example.com`;
}

/** A fresh client address per call unless one is given, so per-address limits never couple tests. */
export function uniqueAddress(): string {
  const bytes = randomUUID().replaceAll('-', '');
  return `10.${parseInt(bytes.slice(0, 2), 16)}.${parseInt(bytes.slice(2, 4), 16)}.${parseInt(bytes.slice(4, 6), 16)}`;
}

export interface CallOptions extends Omit<EventOptions, 'body'> {
  body?: unknown;
  clientAddress?: string;
  /** The Lambda's time left at the start (testContext's 10 s unless given), as its deployed timeout would allow. */
  timeoutMs?: number;
}

/** Calls a handler the way API Gateway would: JSON body, cookies as API Gateway v2 passes them. */
export async function call(
  handler: Handler,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<HandlerResult> {
  const { body, clientAddress, timeoutMs, ...rest } = options;
  const event = buildGatewayEvent(method, path, {
    ...rest,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  event.requestContext.http.sourceIp = clientAddress ?? uniqueAddress();
  return handler(
    event,
    timeoutMs === undefined ? testContext : { ...testContext, getRemainingTimeInMillis: () => timeoutMs },
  );
}

/** The value of a Set-Cookie the reply carries, or undefined. */
export function findSetCookie(result: HandlerResult, name: string): string | undefined {
  return result.cookies?.find((cookie) => cookie.startsWith(`${name}=`));
}

/** The `name=value` pair to send back, from a reply's Set-Cookie. */
export function cookiePair(result: HandlerResult, name: string): string {
  const cookie = findSetCookie(result, name);
  if (!cookie) throw new Error(`The reply sets no ${name} cookie: ${JSON.stringify(result.cookies)}`);
  return cookie.split(';')[0] ?? '';
}

export function dataOf<T = Record<string, unknown>>(result: HandlerResult): T {
  return bodyOf(result)['data'] as T;
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

/** The local outbox through GET /api/dev/outbox, newest first. */
export async function readOutbox(): Promise<OutboxEntry[]> {
  const { handler } = await import('../../functions/handlers/dev');
  const result = await handler(buildGatewayEvent('GET', '/api/dev/outbox'), testContext);
  return dataOf<OutboxEntry[]>(result);
}

/** The newest mail to an address with a subject containing `subject`. */
export async function findMail(to: string, subject: string): Promise<OutboxEntry> {
  const mail = (await readOutbox()).find((entry) => entry.to === to && entry.subject.includes(subject));
  if (!mail) throw new Error(`No mail "${subject}" to ${to} in the outbox`);
  return mail;
}

/** The token at the end of a mail link (`…/verify-email/<token>`). */
export function tokenOfLink(link: string): string {
  return decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');
}

export const strongPassword = 'correct-horse-battery-staple';

/** The body of POST /api/auth/register for a new fan who accepts the terms and passes the local human check. */
export function fanRegistration(email: string, extra: Record<string, unknown> = {}) {
  return {
    email,
    first_name: 'Fay',
    last_name: 'Listener',
    password: strongPassword,
    accepted_terms_and_conditions: true,
    recaptchaToken: 'local',
    ...extra,
  };
}

/** A fan registered through the fan-auth handler as the register form sends it: answered 201, the mail queued. */
export async function registerFan(
  email: string,
  extra: Record<string, unknown> = {},
): Promise<HandlerResult> {
  const { handler } = await import('../../functions/handlers/fan-auth');
  const result = await call(handler, 'POST', '/api/auth/register', { body: fanRegistration(email, extra) });
  expect(result.statusCode, result.body).toBe(201);
  return result;
}

export interface SignedInAccount {
  userId: string;
  email: string;
  /** `openpie_access_token_<kind>=<token>`, to pass as `cookies: [cookie]`. */
  cookie: string;
  token: string;
}

/**
 * A verified account of this kind with a live session, written straight to the table (no mail, no rate limits):
 * for tests of other features that only need someone signed in.
 */
export async function createSignedInAccount(
  kind: 'fan' | 'artist' | 'admin',
  overrides: {
    email?: string;
    firstName?: string;
    lastName?: string;
    phoneNumber?: string;
    country?: string;
  } = {},
): Promise<SignedInAccount> {
  const { createAccount } = await import('../../functions/data/accounts');
  const { buildAccount } = await import('../../functions/domain/identity/account');
  const { sessionDependencies, startSession } = await import('../../functions/services/sessions');
  const now = new Date();
  const email = overrides.email ?? uniqueEmail(kind);
  const account = buildAccount(
    {
      kind,
      id: randomUUID(),
      email,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Person',
      passwordHash: null,
      emailVerifiedAt: now.toISOString(),
      promoEligible: false,
    },
    now,
  );
  const outcome = await createAccount(testTable(), {
    ...account,
    email,
    phoneNumber: overrides.phoneNumber ?? null,
    country: overrides.country ?? null,
  });
  if (outcome !== 'created') throw new Error(`${email} is taken`);
  const session = await startSession(sessionDependencies(), kind, account.id);
  return {
    userId: account.id,
    email,
    token: session.token,
    cookie: `${sessionCookie[kind]}=${session.token}`,
  };
}
