// Staff's dashboard (decision 040) on a small month built through the real services on DynamoDB Local and the Stripe
// sandbox: two fans pay and listen, both pies are split (money held for unclaimed artists), one payment is refunded
// after its split, a third fan pays later. The figures agree with what the ledger and the fans' directory say; a job
// run is kept on its record by the runner every job shares, failing and then well; the daily reconciliation's
// findings are shown in health; pies past their end and a raised pie are counted.
import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DashboardFinancial,
  DashboardHealth,
  DashboardStats,
} from '../../functions/contracts/admin-dashboard';
import { scheduledJobNames } from '../../functions/contracts/admin-dashboard';
import { listAccountDirectory } from '../../functions/data/directories';
import { listPieLots } from '../../functions/data/escrow-lots';
import { getJobRun } from '../../functions/data/job-runs';
import { ledgerBalanceKey } from '../../functions/data/keys';
import { listPendingOutboxEventIds } from '../../functions/data/outbox';
import type { StoredPie } from '../../functions/data/pies';
import { listAllFanPies, maxSplitAttempts, recordSplitFailure } from '../../functions/data/pies';
import { utcMonthOf } from '../../functions/domain/calendar';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import { getClock } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import { runDailyReconciliation } from '../../functions/services/admin/reconciliation';
import { readFanPayments } from '../../functions/services/admin/fan-spend';
import { findingsOf } from '../../functions/services/jobs/job-runs';
import { splitEndedPie } from '../../functions/services/pie/pie-split';
import { defineJob } from '../../events/lib/define-job';
import type { handler as dashboardHandler } from '../../functions/handlers/admin-dashboard';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from '../support/payments-harness';
import { givenUnclaimedListening } from '../support/factories/fans';
import { splitDeps } from '../support/factories/funding';
import { chargesOf, fundPie, moveClock, startPaymentsHarness } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const log = createLogger('error', { test: 'staff-dashboard' });
let harness: PaymentsHarness;
const fans: string[] = [];
let lateFan = '';

let handler: typeof dashboardHandler;

/** A staff member signed in now: the clock moves by months in this file, and sessions end. */
async function get<T>(path: string, query?: Record<string, string>): Promise<T> {
  const staff = await createSignedInAccount('admin');
  const reply = await call(handler, 'GET', path, { cookies: [staff.cookie], ...(query ? { query } : {}) });
  if (reply.statusCode !== 200) throw new Error(`GET ${path} answered ${reply.statusCode}: ${reply.body}`);
  return dataOf<T>(reply);
}

/** The reconciliation job's body with the sandbox's Stripe and a bus that keeps what it is given. */
const published: unknown[] = [];
const reconciliationJob = defineJob('reconciliation', async ({ event }) => {
  const gateway = createStripeGateway({ apiKey: harness.sandbox.apiKey, apiUrl: harness.sandbox.apiUrl });
  const { results, alerts } = await runDailyReconciliation(
    {
      table: testTable(),
      clock: getClock(),
      stripe: () => Promise.resolve(gateway),
      publishEvent: async (domainEvent) => {
        published.push(domainEvent);
      },
    },
    event.runId,
  );
  return { status: 'completed', counts: { alerts }, findings: findingsOf(results) };
});

function trigger(job: string) {
  return { job, scheduledAt: getClock().now().toISOString(), runId: randomUUID() };
}

/** What the ledger and the pies say, month by month, computed apart from the dashboard's own reading. */
async function expectedByMonth() {
  const moneyIn = new Map<string, number>();
  const split = new Map<string, number>();
  const heldAtSplit = new Map<string, number>();
  let heldNow = 0;
  let heldLots = 0;
  for (const fanId of [...fans, lateFan]) {
    const { payments } = await readFanPayments(testTable(), fanId);
    for (const payment of payments) {
      const month = utcMonthOf(payment.transaction.at);
      moneyIn.set(month, (moneyIn.get(month) ?? 0) + payment.grossCents);
    }
    for (const pie of await listAllFanPies(testTable(), fanId)) {
      if (pie.receipt) {
        const month = utcMonthOf(pie.receipt.splitAt);
        split.set(month, (split.get(month) ?? 0) + pie.receipt.allocatedCents);
        heldAtSplit.set(month, (heldAtSplit.get(month) ?? 0) + pie.receipt.heldCents);
      }
      for (const lot of await listPieLots(testTable(), pie.id)) {
        if (lot.status !== 'held') continue;
        heldNow += lot.cents;
        heldLots += 1;
      }
    }
  }
  return { moneyIn, split, heldAtSplit, heldNow, heldLots };
}

beforeAll(async () => {
  ({ handler } = await import('../../functions/handlers/admin-dashboard'));
  harness = await startPaymentsHarness();
  const tag = randomUUID().slice(0, 8);
  for (const amount of [1000, 1500]) {
    const { fan } = await fundPie(harness, testCards.pays, amount);
    fans.push(fan.userId);
  }
  const pies: StoredPie[] = [];
  for (const [index, fanId] of fans.entries()) {
    const [pie] = await listAllFanPies(testTable(), fanId);
    if (!pie) throw new Error('No pie');
    await givenUnclaimedListening(fanId, pie.periodStart, `${tag}-${index}`);
    pies.push(pie);
  }
  await moveClock(harness, 30 * day + 60_000);
  for (const pie of pies) await splitEndedPie(splitDeps(), pie.id, { log });
  const [firstCharge] = await chargesOf(harness, fans[0] ?? '');
  await harness.stripe.refunds.create({ charge: firstCharge?.id ?? '', amount: 300 });
  await harness.sandbox.settle();
  lateFan = (await fundPie(harness, testCards.pays, 700)).fan.userId;
}, 120_000);

afterAll(async () => {
  await harness.stop();
});

describe("staff's dashboard figures", () => {
  it("agree with the ledger and the fans' directory", async () => {
    // Act
    const stats = await get<DashboardStats>('/api/admin/dashboard/stats');
    const financial = await get<DashboardFinancial>('/api/admin/dashboard/financial', { months: '3' });

    // Assess
    const expected = await expectedByMonth();
    const directory = await listAccountDirectory(testTable(), 'fan');
    const now = getClock().now();
    const month = utcMonthOf(now);
    expect(stats.month).toBe(month);
    expect(stats.fans).toEqual({ total: 3, deleted: 0 });
    expect(stats.activePies).toBe(
      directory.filter((fan) => fan.pieEndsAt !== null && Date.parse(fan.pieEndsAt) > now.getTime()).length,
    );
    expect(stats.activePies).toBeGreaterThanOrEqual(1);
    expect(stats.moneyInCents).toBe(expected.moneyIn.get(month) ?? 0);
    expect(stats.splitCents).toBe(expected.split.get(month) ?? 0);
    expect(stats.heldCents).toBe(expected.heldNow);
    expect(stats.heldLots).toBe(expected.heldLots);
    expect(stats.heldCents).toBeGreaterThan(0);
    expect(stats.paidOutCents).toBe(0);
    expect(stats.claimsWaiting).toEqual({ pending: 0, verified: 0 });
    // Money in since the start is what every fan's cards paid, as the fans list says
    const allMoneyIn = [...expected.moneyIn.values()].reduce((sum, cents) => sum + cents, 0);
    expect(stats.spentAllTimeCents).toBe(directory.reduce((sum, fan) => sum + fan.spentCents, 0));
    expect(stats.spentAllTimeCents).toBe(allMoneyIn);
    expect(allMoneyIn).toBeGreaterThanOrEqual(1000 + 1500 + 700);

    expect(financial.months.map((row) => row.month)).toHaveLength(3);
    expect(financial.months.at(-1)?.month).toBe(month);
    for (const row of financial.months) {
      expect(row, row.month).toEqual({
        month: row.month,
        moneyInCents: expected.moneyIn.get(row.month) ?? 0,
        splitCents: expected.split.get(row.month) ?? 0,
        heldCents: expected.heldAtSplit.get(row.month) ?? 0,
        paidOutCents: 0,
      });
    }
    const splitInAll = [...expected.split.values()].reduce((sum, cents) => sum + cents, 0);
    expect(financial.months.reduce((sum, row) => sum + row.splitCents, 0)).toBe(splitInAll);
    expect(splitInAll).toBeGreaterThan(0);
  });

  it('refuses fans and anonymous callers, and a month count out of range', async () => {
    const fan = await createSignedInAccount('fan');
    const asFan = await call(handler, 'GET', '/api/admin/dashboard/stats', { cookies: [fan.cookie] });
    const anonymous = await call(handler, 'GET', '/api/admin/dashboard/health');
    const staff = await createSignedInAccount('admin');
    const tooMany = await call(handler, 'GET', '/api/admin/dashboard/financial', {
      cookies: [staff.cookie],
      query: { months: '13' },
    });
    expect([401, 403]).toContain(asFan.statusCode);
    expect(anonymous.statusCode).toBe(401);
    expect(tooMany.statusCode).toBe(422);
  });
});

describe("the jobs' run records and health", () => {
  it('shows every job as never run before any ran, and what the local runtime knows of dead letters', async () => {
    await import('../../local/queue');
    const health = await get<DashboardHealth>('/api/admin/dashboard/health');
    expect(health.jobs.map((job) => [job.job, job.state])).toEqual(
      scheduledJobNames.map((job) => [job, 'never_run']),
    );
    expect(health.reconciliation).toBeNull();
    expect(health.deadLetters.localOnly).toBe(true);
    expect(health.deadLetters.queues).toEqual([{ queue: 'fan-work', depth: 0 }]);
    expect(health.webhookBacklog.known).toBe(false);
    const pending = await listPendingOutboxEventIds(testTable(), 1000);
    expect(health.outboxBacklog.pending).toBe(pending.length);
  });

  it('keeps a failed run, then a good one, on the job record the runner writes', async () => {
    // Prepare
    const failing = defineJob('pie-renewals', () => Promise.reject(new Error('the queue is gone')));
    const working = defineJob('pie-renewals', () =>
      Promise.resolve({ status: 'completed', counts: { sent: 2 } }),
    );

    // Act
    await expect(failing(trigger('pie-renewals'))).rejects.toThrow('the queue is gone');
    await expect(failing(trigger('pie-renewals'))).rejects.toThrow('the queue is gone');
    const whileFailing = await get<DashboardHealth>('/api/admin/dashboard/health');
    const good = trigger('pie-renewals');
    await working(good);
    const afterGood = await get<DashboardHealth>('/api/admin/dashboard/health');

    // Assess
    const failed = whileFailing.jobs.find((job) => job.job === 'pie-renewals');
    expect(failed).toMatchObject({
      state: 'failing',
      consecutiveFailures: 2,
      failureCount: 2,
      lastFailure: 'the queue is gone',
      lastRun: { outcome: 'failed', error: 'the queue is gone' },
    });
    const recovered = afterGood.jobs.find((job) => job.job === 'pie-renewals');
    expect(recovered).toMatchObject({
      state: 'ok',
      consecutiveFailures: 0,
      failureCount: 2,
      lastFailure: 'the queue is gone',
      lastRun: { runId: good.runId, outcome: 'completed', error: null, counts: { sent: 2 } },
    });
    expect(recovered?.lastSuccessAt).toBe(recovered?.lastRun?.finishedAt);
    expect(afterGood.jobs.find((job) => job.job === 'escrow-aging')?.state).toBe('never_run');
  });

  it('shows the last reconciliation and what it found: clean, then one account off by a cent', async () => {
    // Prepare: a clean run first
    await reconciliationJob(trigger('reconciliation'));
    const clean = await get<DashboardHealth>('/api/admin/dashboard/health');

    // Act: one cent on the platform fees' balance that no entry explains, and the job again
    const table = testTable();
    const key = ledgerBalanceKey('platform-fees:platform');
    const nudge = (cents: number) =>
      table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: key,
          UpdateExpression: 'ADD balance :cents',
          ExpressionAttributeValues: { ':cents': cents },
        }),
      );
    await nudge(1);
    try {
      await reconciliationJob(trigger('reconciliation'));
    } finally {
      await nudge(-1);
    }
    const found = await get<DashboardHealth>('/api/admin/dashboard/health');

    // Assess
    expect(clean.reconciliation).toMatchObject({ outcome: 'completed', problemCount: 0 });
    expect(clean.reconciliation?.findings.map((finding) => finding.check)).toEqual(
      expect.arrayContaining(['ledger', 'wallet', 'escrow', 'pie', 'payout']),
    );
    expect(clean.reconciliation?.findings.every((finding) => finding.checked >= 0)).toBe(true);
    expect(found.reconciliation?.problemCount).toBeGreaterThanOrEqual(1);
    const ledger = found.reconciliation?.findings.find((finding) => finding.check === 'ledger');
    expect(ledger?.problemCount).toBeGreaterThanOrEqual(1);
    expect(ledger?.firstProblems.map((problem) => problem.subject)).toContain('platform-fees:platform');
    expect(
      found.reconciliation?.findings.filter((finding) => finding.problemCount > 0).map((f) => f.check),
    ).toEqual(['ledger']);
    expect(found.jobs.find((job) => job.job === 'reconciliation')?.state).toBe('ok');
    const record = await getJobRun(testTable(), 'reconciliation');
    expect(record?.counts).toEqual({ alerts: 1 });
    expect(published).toHaveLength(1);
  });

  it('counts the pies past their end and not split, and the raised one', async () => {
    // Prepare: the late fan's pie ends and waits past the daily grace, unsplit; one pie past its end fails too often
    const [latePie] = await listAllFanPies(testTable(), lateFan);
    if (!latePie) throw new Error('No pie');
    await moveClock(harness, Date.parse(latePie.periodEnd) - getClock().now().getTime() + 2 * day);
    const now = getClock().now().getTime();
    const splittable = (pie: StoredPie) =>
      pie.status === 'open' || (pie.status === 'inactive' && pie.inactiveReason === 'renewal-failed');
    const pastEnd = async () =>
      (await Promise.all([...fans, lateFan].map((fanId) => listAllFanPies(testTable(), fanId))))
        .flat()
        .filter((pie) => splittable(pie) && !pie.splitRaisedAt && Date.parse(pie.periodEnd) <= now);
    const before = await pastEnd();
    const raised = before.find((pie) => pie.id === latePie.id);
    if (!raised) throw new Error('The late pie is not past its end');
    for (let attempt = 0; attempt < maxSplitAttempts; attempt += 1) {
      await recordSplitFailure(testTable(), raised.id, 'the split failed', getClock().now());
    }
    const waiting = await pastEnd();

    // Act
    const health = await get<DashboardHealth>('/api/admin/dashboard/health');

    // Assess
    expect(health.raisedPies.count).toBe(1);
    expect(health.raisedPies.pies[0]).toMatchObject({
      _id: raised.id,
      fanId: lateFan,
      splitAttempts: maxSplitAttempts,
      lastSplitError: 'the split failed',
    });
    expect(waiting).toHaveLength(before.length - 1);
    expect(health.piesPastEnd.count).toBe(waiting.length);
    expect(health.piesPastEnd.overdue).toBe(
      waiting.filter((pie) => Date.parse(pie.periodEnd) + 26 * 3_600_000 < now).length,
    );
  });
});
