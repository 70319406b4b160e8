// The /try promo's claim on DynamoDB Local: who may take the free $5 pie, once per fan and once
// per Spotify account, and a retry after a crash between claiming and funding that finishes with the same code.
// The pool of this file's table is shared by its tests, which only take codes from it (pool counts are proven in
// promo-pool.test.ts, on a table of their own).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, saveConnection } from '../../functions/data/accounts';
import { getPie } from '../../functions/data/pies';
import { getPromoClaim, getPromoPool } from '../../functions/data/promo-codes';
import type { TableRef } from '../../functions/data/table';
import { buildAccount } from '../../functions/domain/identity/account';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createHumanCheck } from '../../functions/integrations/captcha';
import { createFixedClock } from '../../functions/runtime/clock';
import type { SentCommand } from '../support/table-hooks';
import { crashingOnce } from '../support/table-hooks';
import { testTable } from '../support/test-table';
import { getBalance, listEntries, postTransaction } from '../../functions/services/ledger';
import { openPie } from '../../functions/services/payments/pies';
import type { PromoDependencies } from '../../functions/services/promo/dependencies';
import {
  addTryPromoCodes,
  createPromoSubscription,
  getPromoEligibility,
  promoPieIdOf,
} from '../../functions/services/promo/promo';

const table: TableRef = testTable();
const now = new Date('2026-11-23T10:00:00.000Z');
const deps = (over: Partial<PromoDependencies> = {}): PromoDependencies => ({
  table,
  clock: createFixedClock(now),
  humanCheck: async () => createHumanCheck({}),
  ...over,
});
const settings = { artistLimit: 10, artistPopularity: 20, excludeNonActive: false, pieDays: 30 };

interface FanSetup {
  promoEligible?: boolean;
  verified?: boolean;
  spotifyAccountId?: string | null;
}

/** A fan account written straight to the table, with a Spotify connection unless told otherwise. */
async function createFan({ promoEligible = true, verified = true, spotifyAccountId }: FanSetup = {}) {
  const id = randomUUID();
  const email = `promo-${id}@example.com`;
  const account = buildAccount(
    {
      kind: 'fan',
      id,
      email,
      firstName: 'Pat',
      lastName: 'Promo',
      passwordHash: null,
      emailVerifiedAt: verified ? now.toISOString() : null,
      promoEligible,
    },
    now,
  );
  expect(await createAccount(table, { ...account, email })).toBe('created');
  const spotify = spotifyAccountId === undefined ? `spotify-${id}` : spotifyAccountId;
  if (spotify !== null) {
    await saveConnection(table, 'fan', id, {
      provider: 'spotify',
      providerUserId: spotify,
      connectedAt: now.toISOString(),
    });
  }
  return id;
}

/** The promo pie's money: its own account in the fan's wallet (docs/decisions/031-money-by-origin.md). */
const walletOf = (fanId: string) => accountIdOf('pie-funds', promoPieIdOf(fanId));

/** The table, except that the first write matching `fails` throws: a Lambda dying between two steps. */
const crashingTable = (fails: (input: NonNullable<SentCommand['input']>) => boolean) =>
  crashingOnce(table, (command) => fails(command.input ?? {}), 'The process died here');

beforeAll(async () => {
  await addTryPromoCodes({ table, clock: createFixedClock(now) }, { count: 50, batchId: 'claim-tests' });
});

describe('the /try promo claim', () => {
  it('gives a fan one free $5 pie funded from promo-funding, and refuses a second with 409', async () => {
    // Prepare
    const fanId = await createFan();
    const before = await getPromoPool(table, 'try', { consistent: true });
    // Act
    const pie = await createPromoSubscription(deps(), fanId, settings);
    const second = createPromoSubscription(deps(), fanId, settings);
    // Assess
    expect(pie).toMatchObject({
      id: promoPieIdOf(fanId),
      promo: true,
      status: 'cancelling',
      amountCents: 500,
      processingFeeCents: 0,
      netCents: 500,
      pieDays: 30,
      subscriptionId: null,
      settings: { artistLimit: 10, artistPopularity: 20, excludeNonActive: false },
      periodStart: now.toISOString(),
      periodEnd: '2026-12-23T10:00:00.000Z',
    });
    await expect(second).rejects.toMatchObject({ code: 'promotion_already_used' });
    expect(await getBalance({ table }, walletOf(fanId))).toBe(500);
    expect((await getPromoPool(table, 'try', { consistent: true })).remaining).toBe(before.remaining - 1);
    expect(await getPromoClaim(table, fanId)).toMatchObject({ pieId: pie.id, playSources: ['spotify'] });
  });

  it('lets one Spotify account take the promo once, whichever fan it is connected to', async () => {
    // Prepare: the connection guard allows one fan per Spotify account at a time, so the first fan disconnects
    // (its guard is freed) before the second connects the same account.
    const spotifyAccountId = `spotify-shared-${randomUUID()}`;
    const first = await createFan({ spotifyAccountId });
    await createPromoSubscription(deps(), first, settings);
    const { deleteConnection } = await import('../../functions/data/accounts');
    await deleteConnection(table, 'fan', first, 'spotify');
    const second = await createFan({ spotifyAccountId });
    const pool = await getPromoPool(table, 'try', { consistent: true });
    // Act
    const attempt = createPromoSubscription(deps(), second, settings);
    // Assess
    await expect(attempt).rejects.toMatchObject({
      code: 'promotion_already_used',
      message: expect.stringContaining('Spotify account'),
    });
    expect(await getBalance({ table }, walletOf(second))).toBe(0);
    expect(await getPromoPool(table, 'try', { consistent: true })).toEqual(pool);
    expect(await getPromoEligibility(deps(), second)).toEqual({ available: true, used: false });
  });

  it('lets a double click claim one code and fund one pie', async () => {
    // Prepare
    const fanId = await createFan();
    const before = await getPromoPool(table, 'try', { consistent: true });
    // Act
    const results = await Promise.allSettled([
      createPromoSubscription(deps(), fanId, settings),
      createPromoSubscription(deps(), fanId, settings),
    ]);
    // Assess
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { code: 'promotion_already_used' },
    });
    expect((await getPromoPool(table, 'try', { consistent: true })).claimed).toBe(before.claimed + 1);
    expect((await listEntries({ table }, walletOf(fanId))).entries).toHaveLength(1);
  });

  it.each([
    ['not verified their e-mail', { verified: false }, 'email_not_verified'],
    ['not signed up through /try', { promoEligible: false }, 'promo_not_eligible'],
    ['no Spotify connection', { spotifyAccountId: null }, 'promo_spotify_required'],
  ] as const)('refuses a fan with %s (403) and takes no code', async (_, setup, code) => {
    // Prepare
    const fanId = await createFan(setup);
    const pool = await getPromoPool(table, 'try', { consistent: true });
    // Act
    const attempt = createPromoSubscription(deps(), fanId, settings);
    // Assess
    await expect(attempt).rejects.toMatchObject({ kind: 'forbidden', code });
    expect(await getPromoPool(table, 'try', { consistent: true })).toEqual(pool);
    expect(await getPromoClaim(table, fanId)).toBeNull();
  });

  it('refuses a fan whose pie is running with 409 active_pie_exists', async () => {
    // Prepare
    const fanId = await createFan();
    await openPie(deps(), {
      pieId: `pie_${randomUUID().replaceAll('-', '')}`,
      fanId,
      promo: false,
      periodStart: new Date('2026-11-20T00:00:00.000Z'),
      pieDays: 30,
      amountCents: 1000,
      processingFeeCents: 59,
      settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
      subscriptionId: 'sub_test',
      invoiceId: 'in_test',
    });
    // Act
    const attempt = createPromoSubscription(deps(), fanId, settings);
    // Assess
    await expect(attempt).rejects.toMatchObject({ code: 'active_pie_exists' });
    expect(await getPromoClaim(table, fanId)).toBeNull();
  });

  it('answers the eligibility states of SPEC §4', async () => {
    // Prepare
    const eligible = await createFan();
    const notEligible = await createFan({ promoEligible: false });
    const used = await createFan();
    await createPromoSubscription(deps(), used, settings);
    // Act
    const states = await Promise.all(
      [eligible, notEligible, used].map((fanId) => getPromoEligibility(deps(), fanId)),
    );
    // Assess
    expect(states).toEqual([
      { available: true, used: false },
      { available: false, used: false },
      { available: false, used: true },
    ]);
  });

  it.each([
    [
      'before the money moved',
      (input: { TransactItems?: unknown[] }) => JSON.stringify(input).includes('LEDGER_TX#'),
    ],
  ])('finishes after a crash %s with the code claimed once and the money moved once', async (_, fails) => {
    // Prepare
    const fanId = await createFan();
    const before = await getPromoPool(table, 'try', { consistent: true });
    const crashing = crashingTable(fails);
    await expect(createPromoSubscription(deps({ table: crashing.table }), fanId, settings)).rejects.toThrow(
      'The process died here',
    );
    expect(crashing.crashed()).toBe(true);
    // The money and its pie are one write: a crash leaves neither (docs/decisions/031-money-by-origin.md)
    expect(await getBalance({ table }, walletOf(fanId))).toBe(0);
    expect(await getPie(table, promoPieIdOf(fanId))).toBeNull();
    // Act
    const pie = await createPromoSubscription(deps(), fanId, settings);
    // Assess
    expect(pie.id).toBe(promoPieIdOf(fanId));
    expect((await getPromoPool(table, 'try', { consistent: true })).claimed).toBe(before.claimed + 1);
    expect(await getBalance({ table }, walletOf(fanId))).toBe(500);
    expect((await listEntries({ table }, walletOf(fanId))).entries).toHaveLength(1);
    await expect(createPromoSubscription(deps(), fanId, settings)).rejects.toMatchObject({
      code: 'promotion_already_used',
    });
  });

  it('posts the promo funding under one key per fan, so a repeat moves nothing', async () => {
    // Prepare
    const fanId = await createFan();
    await createPromoSubscription(deps(), fanId, settings);
    // Act
    const repeat = await postTransaction(deps(), {
      kind: 'promo-funding',
      idempotencyKey: `promo-funding:${fanId}`,
      postings: [
        { accountId: accountIdOf('promo-funding', 'platform'), amountCents: -500 },
        { accountId: walletOf(fanId), amountCents: 500 },
      ],
      references: { pieId: promoPieIdOf(fanId), promoCode: (await getPromoClaim(table, fanId))?.code ?? '' },
    });
    // Assess
    expect(repeat.written).toBe(false);
    expect(await getBalance({ table }, walletOf(fanId))).toBe(500);
  });
});
