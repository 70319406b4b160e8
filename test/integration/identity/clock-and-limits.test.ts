// Identity on the product clock, the login limits that cannot lock the owner out, and forgot-password's equal work
// for a known and an unknown address. The use cases are called with their dependencies where a fake clock or a recording
// wait proves the point; the handlers where the deployment's wiring must.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf } from '../../support/gateway-event';
import {
  call,
  cookiePair,
  findMail,
  readOutbox,
  sessionCookie,
  strongPassword,
  tokenOfLink,
  uniqueAddress,
  registerFan,
  uniqueEmail,
} from '../../support/identity';

const fanAuth = async () => (await import('../../../functions/handlers/fan-auth')).handler;
const fanUser = async () => (await import('../../../functions/handlers/fan-user')).handler;
const clock = () => import('../../../functions/runtime/clock');
const dependencies = async () => {
  const { identityDependencies } = await import('../../../functions/services/identity/dependencies');
  return identityDependencies();
};
const silentLog = async () => {
  const { createLogger } = await import('../../../functions/runtime/logger');
  return createLogger('silent');
};

const hour = 60 * 60 * 1000;
const day = 24 * hour;

async function loginFan(email: string, password: string, clientAddress = uniqueAddress()) {
  return call(await fanAuth(), 'POST', '/api/auth/login', { body: { email, password }, clientAddress });
}

afterEach(async () => {
  (await clock()).setLocalClockOffset(0);
});

describe('the product clock', () => {
  it('ends a session when the product clock passes its expiry, though the system clock has not', async () => {
    // Prepare
    const email = uniqueEmail('expiring');
    await registerFan(email);
    const cookie = cookiePair(await loginFan(email, strongPassword), sessionCookie.fan);
    const before = await call(await fanUser(), 'GET', '/api/user', { cookies: [cookie] });
    // Act: 31 days later by the product clock (fan sessions last 30)
    (await clock()).setLocalClockOffset(31 * day);
    const after = await call(await fanUser(), 'GET', '/api/user', { cookies: [cookie] });
    // Assess
    expect(before.statusCode).toBe(200);
    expect(after.statusCode).toBe(401);
    expect(bodyOf(after)).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a reset link once the product clock is past its hour', async () => {
    // Prepare
    const email = uniqueEmail('late-reset');
    await registerFan(email);
    await call(await fanAuth(), 'POST', '/api/auth/forgot-password', { body: { email } });
    const token = tokenOfLink((await findMail(email, 'Reset your OpenPie password')).links[0] ?? '');
    // Act
    (await clock()).setLocalClockOffset(61 * 60 * 1000);
    const late = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'a-brand-new-passphrase' },
    });
    // Assess
    expect(late.statusCode).toBe(400);
    expect(bodyOf(late)).toMatchObject({
      code: 'link_expired',
      message: 'This password reset link has expired. Please request a new one.',
    });
  });

  it('checks a session token and its item against the clock it is given', async () => {
    // Prepare
    const { createFixedClock } = await clock();
    const { findSession, startSession } = await import('../../../functions/services/sessions');
    const { randomUUID } = await import('node:crypto');
    const deps = await dependencies();
    const startedAt = new Date('2031-03-01T12:00:00Z');
    const userId = randomUUID();
    const session = await startSession({ ...deps, clock: createFixedClock(startedAt) }, 'admin', userId);
    const at = (offsetMs: number) => ({
      ...deps,
      clock: createFixedClock(new Date(startedAt.getTime() + offsetMs)),
    });
    // Act
    const justBefore = await findSession(at(7 * day - 1000), 'admin', session.token);
    const justAfter = await findSession(at(7 * day + 1000), 'admin', session.token);
    // Assess: staff sessions last 7 days; the system clock (years earlier) plays no part
    expect(justBefore).toEqual({ userId, sessionId: session.sessionId });
    expect(justAfter).toBeNull();
  });
});

describe('login limits', () => {
  it('slows the logins of an e-mail that failed from many addresses, without locking its owner out', async () => {
    // Prepare: twelve wrong passwords, each from another address, with waits recorded instead of waited
    const { loginWithPassword } = await import('../../../functions/services/identity/login');
    const email = uniqueEmail('slowed');
    await registerFan(email);
    const waits: number[] = [];
    const deps = {
      ...(await dependencies()),
      sleep: async (milliseconds: number) => {
        waits.push(milliseconds);
      },
    };
    const log = await silentLog();
    const attempt = (password: string) =>
      loginWithPassword(deps, 'fan', { email, password }, { clientAddress: uniqueAddress(), log });
    // Act
    const failures: unknown[] = [];
    for (let index = 0; index < 12; index += 1) {
      failures.push(await attempt(`wrong-password-${index}`).catch((error: unknown) => error));
    }
    const owner = await attempt(strongPassword);
    // Assess: free for ten failures, then doubling; the owner gets in after the wait the twelve failures earned
    expect(failures.every((failure) => (failure as { code?: string }).code === 'invalid_credentials')).toBe(
      true,
    );
    expect(waits).toEqual([250, 500, 1000]);
    expect(owner.account.email).toBe(email);
  });
});

describe('forgot-password', () => {
  /** The table commands a call sends, by name, through a table whose client records them. */
  async function recordingDependencies(commands: string[]) {
    const deps = await dependencies();
    const client = {
      send: (command: object) => {
        commands.push(command.constructor.name);
        return deps.table.client.send(command as never);
      },
    } as unknown as DynamoDBDocumentClient;
    return { ...deps, table: { ...deps.table, client }, sleep: async () => undefined };
  }

  it('does the same table work for an unknown address as for a known one, and stores nothing for it', async () => {
    // Prepare
    const { requestPasswordReset } = await import('../../../functions/services/identity/password-reset');
    const known = uniqueEmail('known-reset');
    await registerFan(known);
    const knownCommands: string[] = [];
    const unknownCommands: string[] = [];
    const log = await silentLog();
    const outboxBefore = (await readOutbox()).length;
    // Act
    const forKnown = await requestPasswordReset(await recordingDependencies(knownCommands), 'fan', known, {
      clientAddress: uniqueAddress(),
      log,
    });
    const afterKnown = (await readOutbox()).length;
    const forUnknown = await requestPasswordReset(
      await recordingDependencies(unknownCommands),
      'fan',
      uniqueEmail('unknown-reset'),
      { clientAddress: uniqueAddress(), log },
    );
    const afterUnknown = (await readOutbox()).length;
    // Assess
    expect(forUnknown).toEqual(forKnown);
    expect(unknownCommands).toEqual(knownCommands);
    expect(knownCommands.filter((name) => name === 'TransactWriteCommand')).toHaveLength(1);
    expect(afterKnown).toBe(outboxBefore + 1);
    expect(afterUnknown).toBe(afterKnown);
  });

  it('takes as long for an unknown address as for a known one (medians of interleaved calls)', async () => {
    // Prepare: a few accounts, so the per-e-mail limit (10 in 15 minutes) is never reached
    const { forgotPasswordMinimumMs } = await import('../../../functions/domain/identity/rate-limits');
    const accounts = [uniqueEmail('timed'), uniqueEmail('timed'), uniqueEmail('timed')];
    for (const email of accounts) await registerFan(email);
    const handler = await fanAuth();
    const timed = async (email: string) => {
      const started = performance.now();
      const result = await call(handler, 'POST', '/api/auth/forgot-password', { body: { email } });
      expect(result.statusCode).toBe(200);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Act
    for (let round = 0; round < 9; round += 1) {
      knownTimes.push(await timed(accounts[round % accounts.length] ?? ''));
      unknownTimes.push(await timed(uniqueEmail('nobody')));
    }
    // Assess
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    const known = median(knownTimes);
    const unknown = median(unknownTimes);
    console.info(`forgot-password medians: known ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms`);
    expect(known).toBeGreaterThanOrEqual(forgotPasswordMinimumMs);
    expect(unknown).toBeGreaterThanOrEqual(forgotPasswordMinimumMs);
    expect(Math.abs(known - unknown)).toBeLessThan(25);
  });
});
