// Every cent knows where it came from (docs/decisions/031-money-by-origin.md), through the real webhook on DynamoDB
// Local and the Stripe sandbox: a refund after the split takes back its own pie's money held for unclaimed artists and
// never the next pie's, and those lots are never returned to the fan later; a partial refund before the split leaves
// the split what is left; an inquiry takes nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listPieLots } from '../../functions/data/escrow-lots';
import { listPieTakeBacks } from '../../functions/data/take-backs';
import { createLogger } from '../../functions/runtime/logger';
import { getClock } from '../../functions/runtime/clock';
import { returnAgedLots } from '../../functions/services/pie/escrow-aging';
import { splitEndedPie } from '../../functions/services/pie/pie-split';
import { takeBackPaymentMoney } from '../../functions/services/payments/take-back';
import { testCards } from '../support/stripe-sandbox';
import { givenUnclaimedListening } from '../support/factories/fans';
import { splitDeps } from '../support/factories/funding';
import { walletBalanceOf } from '../support/factories/ledger';
import {
  chargesOf,
  fundPie,
  ledger,
  moveClock,
  piesOf,
  paymentsHarnessPerTest,
} from '../support/payments-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const log = createLogger('error', { test: 'money-by-origin' });
const startHarness = paymentsHarnessPerTest();

describe('a refund after the split', () => {
  it('takes back its own pie’s held lots, never the next pie’s money, and those lots never come back', async () => {
    // Prepare: pie 1 paid and listened to, renewed into pie 2 (941 in its own money), then pie 1 split 706/235
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const tag = randomUUID().slice(0, 8);
    const [first] = await piesOf(fan.userId);
    if (!first) throw new Error('No pie');
    await givenUnclaimedListening(fan.userId, first.periodStart, tag);
    await moveClock(harness, 30 * day + 60_000);
    const split = await splitEndedPie(splitDeps(), first.id, { log });
    const [, second] = await piesOf(fan.userId);
    if (!second) throw new Error('No renewal');
    const books = await ledger();
    // Act: pie 1's $10 is refunded in full
    const [charge] = await chargesOf(harness, fan.userId);
    await harness.stripe.refunds.create({ charge: charge?.id ?? '' });
    await harness.sandbox.settle();
    // Assess: pie 2's money is untouched; pie 1's held 941 came back from the lots, Stripe's kept 59¢ is a loss
    expect(split).toMatchObject({ outcome: 'split', allocatedCents: 941 });
    expect(await books.balance(`pie-funds:${second.id}`)).toBe(941);
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    const lots = await listPieLots(testTable(), first.id);
    expect(lots.map((lot) => [lot.status, lot.cents, lot.takenBackCents]).sort()).toEqual([
      ['taken-back', 0, 235],
      ['taken-back', 0, 706],
    ]);
    const [takeBack] = await listPieTakeBacks(testTable(), first.id);
    expect(takeBack?.outcome).toEqual({ fromPieFundsCents: 0, fromLotsCents: 941, lossCents: 59 });

    // Act: pie 2 is listened to and split; a year later escrow aging runs
    await givenUnclaimedListening(fan.userId, second.periodStart, `${tag}-2`);
    await moveClock(harness, 30 * day);
    const secondSplit = await splitEndedPie(splitDeps(), second.id, { log });
    const aged = await returnAgedLots(
      { table: testTable(), clock: getClock(), siteOrigin: 'http://localhost:3000' },
      { log, now: new Date(getClock().now().getTime() + 400 * day) },
    );
    // Assess: pie 2 split with its full net; aging returned pie 2's lots to pie 2's money, none of pie 1's
    expect(secondSplit).toMatchObject({ outcome: 'split', allocatedCents: 941 });
    expect(await books.balance(`pie-funds:${first.id}`)).toBe(0);
    expect(aged.returned).toBeGreaterThanOrEqual(2);
    expect(await books.balance(`pie-funds:${second.id}`)).toBe(941);
    expect((await listPieLots(testTable(), first.id)).every((lot) => lot.status === 'taken-back')).toBe(true);
  });
});

describe('one take-back run three times at once', () => {
  it('moves the money once and takes each lot once', async () => {
    // Prepare: a split pie (706/235 held)
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const [pie] = await piesOf(fan.userId);
    if (!pie) throw new Error('No pie');
    await givenUnclaimedListening(fan.userId, pie.periodStart);
    await moveClock(harness, 30 * day + 60_000);
    await splitEndedPie(splitDeps(), pie.id, { log });
    const books = await ledger();
    const clearingBefore = await books.balance('stripe-clearing:platform');
    const input = {
      pieId: pie.id,
      fanId: fan.userId,
      kind: 'refund' as const,
      sourceId: `re_${randomUUID()}`,
      idempotencyKey: `refund:concurrent-${pie.id}`,
      amountCents: 500,
      lossAccount: 'platform-losses:platform' as const,
      references: { pieId: pie.id },
    };
    // Act
    const runs = await Promise.all([1, 2, 3].map(() => takeBackPaymentMoney(splitDeps(), input)));
    const again = await takeBackPaymentMoney(splitDeps(), input);
    // Assess: 500 pro rata of 706/235: 375.13… → 375, 124.86… → 125; once
    expect(new Set(runs.map((run) => JSON.stringify(run.outcome)))).toEqual(
      new Set([JSON.stringify({ fromPieFundsCents: 0, fromLotsCents: 500, lossCents: 0 })]),
    );
    expect(again.outcome).toEqual(runs[0]?.outcome);
    expect((await books.balance('stripe-clearing:platform')) - clearingBefore).toBe(500);
    const lots = await listPieLots(testTable(), pie.id);
    expect(lots.map((lot) => [lot.cents, lot.takenBackCents]).sort()).toEqual([
      [110, 125],
      [331, 375],
    ]);
  });
});

describe('a partial refund before the split', () => {
  it('leaves the split what is left of the pie’s own money: 941 − 300 = 641, split 481/160', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const [pie] = await piesOf(fan.userId);
    if (!pie) throw new Error('No pie');
    await givenUnclaimedListening(fan.userId, pie.periodStart);
    const [charge] = await chargesOf(harness, fan.userId);
    // Act
    await harness.stripe.refunds.create({ charge: charge?.id ?? '', amount: 300 });
    await harness.sandbox.settle();
    await moveClock(harness, 30 * day + 60_000);
    const split = await splitEndedPie(splitDeps(), pie.id, { log });
    // Assess
    expect(split).toMatchObject({ outcome: 'split', allocatedCents: 641 });
    expect((await listPieLots(testTable(), pie.id)).map((lot) => lot.cents).sort((a, b) => b - a)).toEqual([
      481, 160,
    ]);
    expect(await (await ledger()).balance(`pie-funds:${pie.id}`)).toBe(0);
  });
});

describe('an inquiry (card 4000 0000 0000 1976)', () => {
  it('takes no money: the pie keeps its 941 and stays active', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.inquiry, 1000);
    // Act: the inquiry comes once the funds settle
    await moveClock(harness, 2 * day + 60_000);
    // Assess
    const disputes = (await harness.stripe.disputes.list({ limit: 100 })).data;
    const [pie] = await piesOf(fan.userId);
    expect(disputes.some((dispute) => dispute.status === 'warning_needs_response')).toBe(true);
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    expect(pie?.status).toBe('open');
    expect(await listPieTakeBacks(testTable(), pie?.id ?? '')).toEqual([]);
  });
});
