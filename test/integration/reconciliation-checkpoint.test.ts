// The daily reconciliation's checkpoint (docs/decisions/051-reconciliation-checkpoint.md) on DynamoDB Local and the
// Stripe sandbox: a clean run leaves one, and the next reads only what changed since: as many items however long the
// history before it, a few more for each change. A pie split before the checkpoint whose receipt was edited is found
// once a late refund touches it again; a run that found something leaves no checkpoint, so the next reads everything.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../functions/contracts/events';
import { pieReceiptKey } from '../../functions/data/keys';
import { getReconciliationCheckpoint } from '../../functions/data/reconciliation-checkpoint';
import type { Clock } from '../../functions/runtime/clock';
import { getClock } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import {
  runDailyReconciliation,
  runReconciliationChecks,
  builtReconciliationChecks,
} from '../../functions/services/admin/reconciliation';
import { splitEndedPie } from '../../functions/services/pie/pie-split';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import { givenUnclaimedListening } from '../support/factories/fans';
import { splitDeps } from '../support/factories/funding';
import { givenWalletCredit } from '../support/factories/ledger';
import { createSignedInAccount } from '../support/identity';
import type { PaymentsHarness } from '../support/payments-harness';
import { chargesOf, fundPie, moveClock, piesOf, startPaymentsHarness } from '../support/payments-harness';
import { testCards } from '../support/stripe-sandbox';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const log = createLogger('error', { test: 'reconciliation-checkpoint' });
let harness: PaymentsHarness;
const published: DomainEvent[] = [];

/**
 * The items the table's client reads while `counting`: a Query's items, a BatchGet's, a Get's one. A sharded
 * account's balance items are left out: at most `balanceShards` an account, more of them written as writes land.
 */
const read = { counting: false, items: 0 };

function readsBalanceShards(input: unknown): boolean {
  const values = (input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues;
  return values?.[':balance'] !== undefined;
}

function itemsOf(output: unknown): number {
  if (typeof output !== 'object' || output === null) return 0;
  const reply = output as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
  if (Array.isArray(reply.Items)) return reply.Items.length;
  if (reply.Responses) return Object.values(reply.Responses).reduce((sum, items) => sum + items.length, 0);
  return reply.Item ? 1 : 0;
}

function dailyDeps(clock: Clock = getClock()) {
  const gateway = createStripeGateway({ apiKey: harness.sandbox.apiKey, apiUrl: harness.sandbox.apiUrl });
  return {
    table: testTable(),
    clock,
    stripe: () => Promise.resolve(gateway),
    publishEvent: (event: DomainEvent) => {
      published.push(event);
      return Promise.resolve();
    },
  };
}

/** A daily run, and the items it read. */
async function dailyRun(runId: string) {
  read.items = 0;
  read.counting = true;
  try {
    const run = await runDailyReconciliation(dailyDeps(), runId);
    return { ...run, items: read.items };
  } finally {
    read.counting = false;
  }
}

/** Staff's run of every check (it always reads everything), and the items it read. */
async function staffRunItems(): Promise<number> {
  read.items = 0;
  read.counting = true;
  try {
    const results = await runReconciliationChecks(dailyDeps(), builtReconciliationChecks);
    expect(results.flatMap((result) => result.problems)).toEqual([]);
    return read.items;
  } finally {
    read.counting = false;
  }
}

/** `fans` fans of the directory, each credited `times` times `daysAgo` days before now. */
async function history(fans: number, times: number, daysAgo: number): Promise<void> {
  const at = new Date(getClock().now().getTime() - daysAgo * day);
  for (let fan = 0; fan < fans; fan += 1) {
    const { userId } = await createSignedInAccount('fan');
    for (let time = 0; time < times; time += 1) await givenWalletCredit(userId, 100 + time, at);
  }
}

beforeAll(async () => {
  harness = await startPaymentsHarness();
  testTable().client.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      if (read.counting && !readsBalanceShards(args.input)) read.items += itemsOf(result.output);
      return result;
    },
    { step: 'initialize', name: 'countReconciliationReads' },
  );
}, 120_000);

afterAll(async () => {
  await harness.stop();
});

describe('the daily reconciliation from its checkpoint', () => {
  it('reads as many items after twice the history, and a few more for each change', async () => {
    // Prepare: 60 days ago, four fans' wallets were credited five times each (before the stripe check's period).
    await history(4, 5, 60);
    const first = await dailyRun('first');
    expect(first).toMatchObject({ read: 'everything', alerts: 0 });
    expect(await getReconciliationCheckpoint(testTable())).not.toBeNull();
    const idle = await dailyRun('idle');
    const staffBefore = await staffRunItems();

    // Act: four more fans' history is written behind the checkpoint's cut-off: the platform account it moved is not
    // its entries from the checkpoint on, so that run reads everything, and finds it clean.
    await history(4, 5, 50);
    const behind = await dailyRun('behind');
    const idleAfter = await dailyRun('idle-after');
    const staffAfter = await staffRunItems();
    // Then three credits today.
    const { userId } = await createSignedInAccount('fan');
    for (let time = 0; time < 3; time += 1) await givenWalletCredit(userId, 50, getClock().now());
    const changed = await dailyRun('changed');

    // Assert: twice the history, the same reads from the checkpoint; staff's run reads everything, more each time.
    expect(idle).toMatchObject({ read: 'changes', alerts: 0 });
    expect(behind).toMatchObject({ read: 'everything', alerts: 0 });
    expect(idleAfter).toMatchObject({ read: 'changes', alerts: 0 });
    expect(idleAfter.items).toBe(idle.items);
    expect(staffAfter).toBeGreaterThan(staffBefore + 40);
    expect(idle.items).toBeLessThan(staffBefore);
    // Three transactions on two accounts: their index items, transaction items, entries, a new account's balance.
    expect(changed).toMatchObject({ read: 'changes', alerts: 0 });
    expect(changed.items).toBeGreaterThan(idle.items);
    expect(changed.items - idle.items).toBeLessThanOrEqual(3 * 6 + 4);
    expect(published).toEqual([]);
  });

  it('finds a pie split before the checkpoint once a late refund touches it, and reads everything until clean', async () => {
    // Prepare: a fan pays, listens and is split; the daily runs fold it into the checkpoint.
    const { fan } = await fundPie(harness, testCards.pays, 1200);
    const [pie] = await piesOf(fan.userId);
    if (!pie) throw new Error('No pie');
    await givenUnclaimedListening(fan.userId, pie.periodStart, `checkpoint-${randomUUID().slice(0, 8)}`);
    await moveClock(harness, 30 * day + 60_000);
    await splitEndedPie(splitDeps(), pie.id, { log });
    expect((await dailyRun('split')).alerts).toBe(0);
    await moveClock(harness, 4 * day);
    expect(await dailyRun('folded')).toMatchObject({ read: 'changes', alerts: 0 });
    // The split pie's receipt is edited straight into the table: one cent more allocated than its split took.
    const table = testTable();
    const edit = (delta: number) =>
      table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: pieReceiptKey(pie.id),
          UpdateExpression: 'ADD allocatedCents :delta',
          ExpressionAttributeValues: { ':delta': delta },
        }),
      );
    await edit(1);

    // Act: a day later the fan's first charge is refunded, which books a refund naming the pie.
    await moveClock(harness, day);
    const [charge] = await chargesOf(harness, fan.userId);
    await harness.stripe.refunds.create({ charge: charge?.id ?? '' });
    await harness.sandbox.settle();
    const found = await dailyRun('refunded');
    const stillFull = await dailyRun('still');
    await edit(-1);
    const clean = await dailyRun('clean');
    const after = await dailyRun('after');

    // Assert: the run after the refund found the pie (reading what changed, then everything), and left no checkpoint;
    // the next read everything again, as did the first clean one, which left a checkpoint for the one after.
    expect(found).toMatchObject({ read: 'everything', alerts: 1 });
    const problems = found.results.flatMap((result) => result.problems);
    expect(problems.length).toBeGreaterThan(0);
    expect(new Set(problems.map((problem) => `${problem.check} ${problem.subject}`))).toEqual(
      new Set([`pie pie:${pie.id}`]),
    );
    expect(stillFull).toMatchObject({ read: 'everything', alerts: 1 });
    expect(clean).toMatchObject({ read: 'everything', alerts: 0 });
    expect(after).toMatchObject({ read: 'changes', alerts: 0 });
    expect(published.map((event) => event.type)).toEqual(['reconciliation.failed', 'reconciliation.failed']);
  });
});
