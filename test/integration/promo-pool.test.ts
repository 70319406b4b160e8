// The /try pool's adds and its availability call on DynamoDB Local: `promo:add` batches that add once
// however often they run, the count the /try page shows, and the three promo routes through the resource plumbing,
// whose replies are checked against their contracts.
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { fanPaymentsContracts } from '../../functions/contracts/api/fan-payments';
import { promoCodeKey } from '../../functions/data/keys';
import { getPromoPool } from '../../functions/data/promo-codes';
import type { TableRef } from '../../functions/data/table';
import { createHumanCheck } from '../../functions/integrations/captcha';
import { createFixedClock } from '../../functions/runtime/clock';
import { testTable } from '../support/test-table';
import type { PromoDependencies } from '../../functions/services/promo/dependencies';
import { addTryPromoCodes, getPromoAvailability } from '../../functions/services/promo/promo';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';

const { client } = testTable();

const table: TableRef = testTable();
const deps: PromoDependencies = {
  table,
  clock: createFixedClock(new Date('2026-11-23T10:00:00.000Z')),
  humanCheck: async () => createHumanCheck({}),
};

async function promoHandler() {
  const { createResourceHandler } = await import('../../functions/handlers/lib/resource');
  const { promoRoutes } = await import('../../functions/handlers/lib/promo-routes');
  return createResourceHandler('fan-payments', fanPaymentsContracts, { ...promoRoutes });
}

describe('the /try pool', () => {
  it('adds a batch of codes once, in chunks, however often the batch runs', async () => {
    // Prepare
    const before = await getPromoPool(table, 'try', { consistent: true });
    const batchId = `batch-${randomUUID()}`;
    // Act
    const first = await addTryPromoCodes(deps, { count: 150, batchId });
    const again = await addTryPromoCodes(deps, { count: 150, batchId });
    // Assess
    expect(first).toMatchObject({ added: 150, alreadyAdded: 0 });
    expect(again).toMatchObject({ added: 0, alreadyAdded: 150 });
    expect(await getPromoPool(table, 'try', { consistent: true })).toEqual({
      added: before.added + 150,
      claimed: before.claimed,
      remaining: before.remaining + 150,
    });
    const { Item: last } = await client.send(
      new GetCommand({ TableName: table.name, Key: promoCodeKey('try', before.added + 150) }),
    );
    expect(last).toMatchObject({
      status: 'available',
      code: expect.stringMatching(/^TRY-[A-Z2-9]{5}-[A-Z2-9]{5}$/),
    });
  });

  it('numbers the codes of concurrent adds apart, so none is lost', async () => {
    // Prepare
    const before = await getPromoPool(table, 'try', { consistent: true });
    const sizes = [5, 7, 3, 4, 6, 2, 8, 1];
    const total = sizes.reduce((sum, size) => sum + size, 0);
    // Act
    await Promise.all(
      sizes.map((count) => addTryPromoCodes(deps, { count, batchId: `concurrent-${randomUUID()}` })),
    );
    // Assess
    const pool = await getPromoPool(table, 'try', { consistent: true });
    expect(pool.added).toBe(before.added + total);
    expect(pool.remaining).toBe(before.remaining + total);
    const codes = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        client.send(
          new GetCommand({ TableName: table.name, Key: promoCodeKey('try', before.added + 1 + index) }),
        ),
      ),
    );
    expect(new Set(codes.map(({ Item }) => Item?.['batchId'])).size).toBe(sizes.length);
    expect(codes.every(({ Item }) => Item?.['status'] === 'available')).toBe(true);
  });

  it('answers the remaining count after the human check', async () => {
    // Prepare
    const pool = await getPromoPool(table, 'try', { consistent: true });
    // Act
    const availability = await getPromoAvailability(deps, { recaptchaToken: 'token', clientAddress: null });
    // Assess
    expect(availability).toEqual({ available: pool.remaining > 0, remaining: pool.remaining });
  });

  it('refuses the count when the human check fails (reCAPTCHA faked: it cannot be reached here)', async () => {
    // Prepare
    const refusing: PromoDependencies = {
      ...deps,
      humanCheck: async () => ({ enabled: true, verify: async () => false }),
    };
    // Act
    const attempt = getPromoAvailability(refusing, { recaptchaToken: 'bot', clientAddress: '10.0.0.1' });
    // Assess
    await expect(attempt).rejects.toMatchObject({ kind: 'bad_request', code: 'captcha_failed' });
  });
});

describe('the promo routes', () => {
  it('answers availability publicly and eligibility to the signed-in fan, as their contracts say', async () => {
    // Prepare
    await addTryPromoCodes(deps, { count: 2, batchId: `routes-${randomUUID()}` });
    const { remaining } = await getPromoPool(table, 'try', { consistent: true });
    const fan = await createSignedInAccount('fan');
    const handler = await promoHandler();
    // Act
    const availability = await call(handler, 'GET', '/api/stripe/promoAvailability', {
      query: { recaptchaToken: 'token' },
    });
    const eligibility = await call(handler, 'GET', '/api/stripe/promoEligibility', { cookies: [fan.cookie] });
    const anonymous = await call(handler, 'GET', '/api/stripe/promoEligibility');
    // Assess
    expect(availability.statusCode).toBe(200);
    expect(bodyOf(availability)).toMatchObject({ success: true, data: { available: true, remaining } });
    expect(dataOf(eligibility)).toEqual({ available: false, used: false });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a promo pie to a fan who did not sign up through /try with 403 and a clear message', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const handler = await promoHandler();
    // Act
    const result = await call(handler, 'POST', '/api/stripe/createPromoSubscription', {
      cookies: [fan.cookie],
      headers: { 'content-type': 'application/json' },
      body: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false, pieDays: 30 },
    });
    // Assess
    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toMatchObject({
      success: false,
      code: 'promo_not_eligible',
      message: 'This account did not sign up through the free pie offer, so it cannot use it.',
    });
  });

  it('refuses bad settings with 422 and field messages', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const handler = await promoHandler();
    // Act
    const result = await call(handler, 'POST', '/api/stripe/createPromoSubscription', {
      cookies: [fan.cookie],
      headers: { 'content-type': 'application/json' },
      body: { artistLimit: 501, artistPopularity: 0, excludeNonActive: false, pieDays: 30 },
    });
    // Assess
    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)).toMatchObject({ fields: { artistLimit: expect.any(String) } });
  });
});
