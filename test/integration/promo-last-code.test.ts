// The last codes of the /try pool on DynamoDB Local: of two concurrent claims for the last code exactly one wins,
// and the counter falls. This file's table is its own, so its pool starts empty and each test drains it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccount, saveConnection } from '../../functions/data/accounts';
import { getPromoPool } from '../../functions/data/promo-codes';
import type { TableRef } from '../../functions/data/table';
import { buildAccount } from '../../functions/domain/identity/account';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createHumanCheck } from '../../functions/integrations/captcha';
import { createFixedClock } from '../../functions/runtime/clock';
import { testTable } from '../support/test-table';
import { getBalance } from '../../functions/services/ledger';
import type { PromoDependencies } from '../../functions/services/promo/dependencies';
import {
  addTryPromoCodes,
  createPromoSubscription,
  getPromoAvailability,
  getPromoEligibility,
  promoPieIdOf,
} from '../../functions/services/promo/promo';

const table: TableRef = testTable();
const now = new Date('2026-11-23T10:00:00.000Z');
const deps: PromoDependencies = {
  table,
  clock: createFixedClock(now),
  humanCheck: async () => createHumanCheck({}),
};
const settings = { artistLimit: 0, artistPopularity: 0, excludeNonActive: true, pieDays: 30 };

/** A verified, promo-eligible fan with a Spotify account of its own. */
async function createEligibleFan(): Promise<string> {
  const id = randomUUID();
  const email = `last-code-${id}@example.com`;
  const account = buildAccount(
    {
      kind: 'fan',
      id,
      email,
      firstName: null,
      lastName: null,
      passwordHash: null,
      emailVerifiedAt: now.toISOString(),
      promoEligible: true,
    },
    now,
  );
  expect(await createAccount(table, { ...account, email })).toBe('created');
  await saveConnection(table, 'fan', id, {
    provider: 'spotify',
    providerUserId: `spotify-${id}`,
    connectedAt: now.toISOString(),
  });
  return id;
}

async function race(fans: readonly string[]) {
  const results = await Promise.allSettled(
    fans.map((fanId) => createPromoSubscription(deps, fanId, settings)),
  );
  const winners = fans.filter((_, index) => results[index]?.status === 'fulfilled');
  const reasons = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  return { winners, reasons };
}

/** The promo pie's money: its own account in the fan's wallet (docs/decisions/031-money-by-origin.md). */
const walletOf = (fanId: string) => accountIdOf('pie-funds', promoPieIdOf(fanId));

describe('the last codes of the /try pool', () => {
  it('gives the last code to exactly one of two concurrent claimants, and the count falls to 0', async () => {
    // Prepare
    await addTryPromoCodes(deps, { count: 1, batchId: `last-${randomUUID()}` });
    expect(await getPromoAvailability(deps, { recaptchaToken: 't', clientAddress: null })).toEqual({
      available: true,
      remaining: 1,
    });
    const fans = [await createEligibleFan(), await createEligibleFan()];
    // Act
    const { winners, reasons } = await race(fans);
    // Assess
    expect(winners).toHaveLength(1);
    expect(reasons).toEqual([expect.objectContaining({ code: 'promo_unavailable' })]);
    expect(await getPromoPool(table, 'try', { consistent: true })).toMatchObject({ remaining: 0 });
    expect(await getPromoAvailability(deps, { recaptchaToken: 't', clientAddress: null })).toEqual({
      available: false,
      remaining: 0,
    });
    const balances = await Promise.all(fans.map((fanId) => getBalance(deps, walletOf(fanId))));
    expect(balances.sort()).toEqual([0, 500]);
    const loser = fans.find((fanId) => !winners.includes(fanId)) ?? '';
    expect(await getPromoEligibility(deps, loser)).toEqual({ available: false, used: false });
  });

  it('hands out exactly as many codes as are left to a crowd of concurrent claimants', async () => {
    // Prepare
    const before = await getPromoPool(table, 'try', { consistent: true });
    await addTryPromoCodes(deps, { count: 3, batchId: `crowd-${randomUUID()}` });
    const fans = await Promise.all(Array.from({ length: 7 }, () => createEligibleFan()));
    // Act
    const { winners, reasons } = await race(fans);
    // Assess
    expect(winners).toHaveLength(before.remaining + 3);
    expect(reasons.every((reason) => (reason as { code?: string }).code === 'promo_unavailable')).toBe(true);
    const pool = await getPromoPool(table, 'try', { consistent: true });
    expect(pool).toEqual({ added: before.added + 3, claimed: before.added + 3, remaining: 0 });
    const funded = await Promise.all(fans.map((fanId) => getBalance(deps, walletOf(fanId))));
    expect(funded.filter((cents) => cents === 500)).toHaveLength(winners.length);
  });
});
