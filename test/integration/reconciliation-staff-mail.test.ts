// Staff are mailed when the daily reconciliation finds money that does not add up (docs/decisions/038-reconciliation.md),
// on DynamoDB Local and the Stripe sandbox: the run raises one `reconciliation.failed` for all its findings, the
// `reconciliation-alerts` consumer queues one mail in the table outbox to the configured staff address, keyed by the
// run, so the same event delivered twice or at once (EventBridge delivers at least once) queues one mail. A clean run
// raises nothing and mails nobody; without a staff address the job and the consumer say so and nothing fails. A
// scheduled job's failed run mails staff too, the first of a series only.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent, DomainEventDetail } from '../../functions/contracts/events';
import { getJobRun } from '../../functions/data/job-runs';
import { ledgerBalanceKey } from '../../functions/data/keys';
import type { OutboxMail } from '../../functions/data/outbox';
import { listOutboxMail } from '../../functions/data/outbox';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import { getClock } from '../../functions/runtime/clock';
import { resetEnvCache } from '../../functions/runtime/env';
import { runDailyReconciliation } from '../../functions/services/admin/reconciliation';
import { maxProblemsMailed } from '../../functions/services/admin/reconciliation-mail';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { startTestStripeSandbox } from '../support/stripe-sandbox';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { testTable } from '../support/test-table';

const staffAddress = 'money-desk@openpie.example';
const savedEnv = { ...process.env };
let sandbox: StripeSandbox;
let bus: Server;

/** The same address as in every mail: the site's staff finances screen, where the reconciliation panel is. */
const financesLink = `${process.env.SITE_ORIGIN ?? ''}/admin/finances`;

function setEnv(values: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

beforeAll(async () => {
  sandbox = await startTestStripeSandbox();
  // The local runtime's EventBridge stand-in, on a port of its own: the job's PutEvents reach the rule's consumer.
  const { serveAwsEmulation } = await import('../../local/aws-endpoints');
  bus = createServer((req, res) => void serveAwsEmulation(req, res));
  await new Promise<void>((done) => bus.listen(0, '127.0.0.1', done));
  setEnv({
    STAFF_ALERT_EMAIL: staffAddress,
    EVENT_BUS_NAME: 'openpie-local',
    EVENT_BUS_ENDPOINT: `http://127.0.0.1:${(bus.address() as AddressInfo).port}/`,
  });
});

afterAll(async () => {
  await new Promise<void>((done) => bus.close(() => done()));
  await sandbox.stop();
  process.env = savedEnv;
  resetEnvCache();
});

/** Moves the platform fee account's balance item off its entries: a ledger finding, put back by calling again. */
async function nudgePlatformFees(cents: number): Promise<void> {
  const table = testTable();
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: ledgerBalanceKey('platform-fees:platform'),
      UpdateExpression: 'ADD balance :d',
      ExpressionAttributeValues: { ':d': cents },
    }),
  );
}

/** The reconciliation mails in the outbox that name the run. */
async function mailsOfRun(runId: string): Promise<OutboxMail[]> {
  return (await listOutboxMail(testTable(), 100)).filter(
    (mail) => mail.kind === 'reconciliation-failed' && mail.text.includes(runId),
  );
}

/** A `reconciliation.failed` as EventBridge hands it to the rule's target; each delivery has its own envelope id. */
function envelopeOf(detail: DomainEventDetail<'reconciliation.failed'>) {
  return {
    version: '0',
    id: randomUUID(),
    source: 'openpie',
    'detail-type': 'reconciliation.failed',
    account: '000000000000',
    time: new Date().toISOString(),
    region: 'us-east-1',
    resources: [],
    detail,
  };
}

/** A run that found `count` problems in two checks, of which the event names the first `named`. */
function failedRun(runId: string, count: number, named = count): DomainEventDetail<'reconciliation.failed'> {
  const problems = Array.from({ length: count }, (_, index) => ({
    check: index < count / 2 ? 'ledger' : 'wallet',
    subject: `fan-wallet:fan-${String(index).padStart(3, '0')}`,
    expected: `${index} cents`,
    found: `${index + 1} cents`,
    message: `Problem number ${index}.`,
  }));
  return {
    runId,
    checks: [
      { check: 'ledger', checked: 40, problemCount: problems.filter((p) => p.check === 'ledger').length },
      { check: 'wallet', checked: 12, problemCount: problems.filter((p) => p.check === 'wallet').length },
      { check: 'escrow', checked: 3, problemCount: 0 },
    ],
    problems: problems.slice(0, named),
    moreProblems: count - named,
  };
}

/** The JSON log lines among what was written to stderr. */
function logEntries(written: readonly string[]): Record<string, unknown>[] {
  return written.flatMap((chunk) =>
    chunk
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>),
  );
}

async function consumer() {
  return (await import('../../events/consumers/reconciliation-alert')).handler;
}

describe('the reconciliation-alerts consumer', () => {
  it('mails staff once for a run whose failure is delivered twice, listing the findings up to a cap, then "and N more"', async () => {
    // Prepare: 60 problems found, the first 50 named on the event
    const handler = await consumer();
    const runId = `run-${randomUUID()}`;
    const detail = failedRun(runId, 60, 50);

    // Act
    const first = await handler(envelopeOf(detail));
    const second = await handler(envelopeOf(detail));

    // Assess
    expect(first).toMatchObject({ mail: 'queued' });
    expect(second).toMatchObject({ mail: 'already_queued' });
    const mails = await mailsOfRun(runId);
    expect(mails).toHaveLength(1);
    const [mail] = mails as [OutboxMail];
    expect(mail.to).toBe(staffAddress);
    expect(mail.subject).toContain('60');
    for (const problem of detail.problems.slice(0, maxProblemsMailed)) {
      for (const text of [problem.subject, problem.expected, problem.found, problem.message]) {
        expect(mail.text).toContain(text);
        expect(mail.html).toContain(text);
      }
    }
    const unlisted = detail.problems[maxProblemsMailed];
    expect(unlisted).toBeDefined();
    expect(mail.text).not.toContain(unlisted?.subject);
    expect(mail.text).toContain(`and ${60 - maxProblemsMailed} more`);
    expect(mail.html).toContain(`and ${60 - maxProblemsMailed} more`);
    expect(mail.text).toMatch(/ledger/);
    expect(mail.text).toMatch(/wallet/);
    expect(mail.links).toEqual([financesLink]);
    expect(mail.text).toContain(financesLink);
  });

  it('mails staff once when the same run’s failure is delivered several times at once', async () => {
    // Prepare
    const handler = await consumer();
    const runId = `run-${randomUUID()}`;
    const detail = failedRun(runId, 3);

    // Act
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => handler(envelopeOf(detail))));

    // Assess
    expect(outcomes.filter((outcome) => outcome.mail === 'queued')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.mail === 'already_queued')).toHaveLength(5);
    const mails = await mailsOfRun(runId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).not.toMatch(/and \d+ more/);
  });

  it('says in its log that no staff address is configured, queues nothing and does not fail', async () => {
    // Prepare
    const handler = await consumer();
    const runId = `run-${randomUUID()}`;
    setEnv({ STAFF_ALERT_EMAIL: undefined, LOG_LEVEL: 'warn' });
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });

    // Act
    let outcome: Awaited<ReturnType<typeof handler>>;
    try {
      outcome = await handler(envelopeOf(failedRun(runId, 2)));
    } finally {
      spy.mockRestore();
      setEnv({ STAFF_ALERT_EMAIL: staffAddress, LOG_LEVEL: savedEnv.LOG_LEVEL });
    }

    // Assess
    expect(outcome).toMatchObject({ mail: 'no_staff_address' });
    expect(await mailsOfRun(runId)).toEqual([]);
    const entries = logEntries(written);
    expect(entries.some((entry) => entry.alert === true && entry.runId === runId)).toBe(true);
    expect(
      entries.some((entry) => String(entry.message).includes('STAFF_ALERT_EMAIL') && entry.runId === runId),
    ).toBe(true);
  });
});

describe('the daily reconciliation job', () => {
  const job = async () => (await import('../../events/jobs/reconciliation')).handler;
  const trigger = () => ({
    job: 'reconciliation',
    scheduledAt: getClock().now().toISOString(),
    runId: `run-${randomUUID()}`,
  });
  const settle = async () => (await import('../../local/aws-endpoints')).settleDeliveries();

  it('mails nobody after a clean run', async () => {
    // Prepare
    const run = trigger();

    // Act
    const result = await (await job())(run);
    await settle();

    // Assess
    expect(result.counts['alerts']).toBe(0);
    expect(await mailsOfRun(run.runId)).toEqual([]);
    expect((await listOutboxMail(testTable(), 100)).filter((mail) => mail.text.includes(run.runId))).toEqual(
      [],
    );
  });

  it('raises one event for a run with findings, which reaches staff as one mail, however often it is delivered', async () => {
    // Prepare: the ledger's platform fee account one cent off its entries; a recording stand-in for the bus, then
    // the local bus's rules (what EventBridge does with the event) to deliver what it recorded, twice
    const runId = `run-${randomUUID()}`;
    const gateway = createStripeGateway({ apiKey: sandbox.apiKey, apiUrl: sandbox.apiUrl });
    const published: DomainEvent[] = [];
    const { deliver } = await import('../../local/event-bus');
    await nudgePlatformFees(1);

    // Act
    try {
      const { alerts } = await runDailyReconciliation(
        {
          table: testTable(),
          clock: getClock(),
          stripe: () => Promise.resolve(gateway),
          publishEvent: async (event) => {
            published.push(event);
          },
        },
        runId,
      );
      expect(alerts).toBe(1);
      for (const event of [...published, ...published]) {
        const failures: unknown[] = [];
        await deliver({ source: 'openpie', detailType: event.type, detail: event.detail }, (_rule, error) =>
          failures.push(error),
        );
        expect(failures).toEqual([]);
      }
    } finally {
      await nudgePlatformFees(-1);
    }

    // Assess
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      type: 'reconciliation.failed',
      detail: {
        runId,
        problems: [{ check: 'ledger', subject: 'platform-fees:platform' }],
        moreProblems: 0,
      },
    });
    const mails = await mailsOfRun(runId);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(staffAddress);
    expect(mails[0]?.text).toContain('platform-fees:platform');
  });

  it('reaches staff through the bus when it runs, and says in its log and its run record when no address is set', async () => {
    // Prepare
    const withAddress = trigger();
    const without = trigger();
    const written: string[] = [];
    await nudgePlatformFees(1);

    // Act: once with the staff address, once without it
    let mailed: Awaited<ReturnType<Awaited<ReturnType<typeof job>>>>;
    let unmailed: typeof mailed;
    try {
      mailed = await (await job())(withAddress);
      await settle();
      setEnv({ STAFF_ALERT_EMAIL: undefined, LOG_LEVEL: 'warn' });
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
      try {
        unmailed = await (await job())(without);
        await settle();
      } finally {
        spy.mockRestore();
      }
    } finally {
      setEnv({ STAFF_ALERT_EMAIL: staffAddress, LOG_LEVEL: savedEnv.LOG_LEVEL });
      await nudgePlatformFees(-1);
    }

    // Assess
    expect(mailed.counts).toMatchObject({ alerts: 1 });
    expect(mailed.counts).not.toHaveProperty('staffAddressMissing');
    expect(await mailsOfRun(withAddress.runId)).toHaveLength(1);
    expect(unmailed.counts).toMatchObject({ alerts: 1, staffAddressMissing: 1 });
    expect(await mailsOfRun(without.runId)).toEqual([]);
    const record = await getJobRun(testTable(), 'reconciliation');
    expect(record).toMatchObject({ runId: without.runId, outcome: 'completed' });
    expect(record?.counts).toMatchObject({ staffAddressMissing: 1 });
    const entries = logEntries(written);
    const jobWarning = entries.find(
      (entry) => entry['job'] === 'reconciliation' && String(entry.message).includes('STAFF_ALERT_EMAIL'),
    );
    expect(jobWarning).toMatchObject({ runId: without.runId });
  });
});

describe('a scheduled job whose run fails', () => {
  async function failingJob() {
    const { defineJob } = await import('../../events/lib/define-job');
    const job = `flaky-job-${randomUUID().slice(0, 8)}`;
    const state = { fail: true };
    const handler = defineJob(job, async () => {
      if (state.fail) throw new Error('Spotify answered 503 three times');
      return { status: 'completed', counts: {} };
    });
    const run = (runId: string) => ({ job, scheduledAt: getClock().now().toISOString(), runId });
    const mails = async () =>
      (await listOutboxMail(testTable(), 100)).filter(
        (mail) => mail.kind === 'job-failed' && mail.text.includes(job),
      );
    return { handler, run, mails, state };
  }

  it('mails staff for the first failure of a series, not for a retry of that run nor the failures in a row after it', async () => {
    // Prepare
    const { handler, run, mails, state } = await failingJob();

    // Act: a run fails, Lambda retries the same invocation, the next run fails too; then one succeeds and one fails
    await expect(handler(run('run-a'))).rejects.toThrow('Spotify answered 503');
    await expect(handler(run('run-a'))).rejects.toThrow('Spotify answered 503');
    await expect(handler(run('run-b'))).rejects.toThrow('Spotify answered 503');
    const afterSeries = await mails();
    state.fail = false;
    await handler(run('run-c'));
    state.fail = true;
    await expect(handler(run('run-d'))).rejects.toThrow('Spotify answered 503');

    // Assess
    expect(afterSeries).toHaveLength(1);
    expect(afterSeries[0]).toMatchObject({
      to: staffAddress,
      links: [`${process.env.SITE_ORIGIN ?? ''}/admin/dashboard`],
    });
    expect(afterSeries[0]?.text).toContain('run-a');
    expect(afterSeries[0]?.text).toContain('Spotify answered 503 three times');
    const all = await mails();
    expect(all).toHaveLength(2);
    expect(all.filter((mail) => mail.text.includes('run-d'))).toHaveLength(1);
  });

  it('reports its own failure and mails nobody when no staff address is configured', async () => {
    // Prepare
    const { handler, run, mails } = await failingJob();
    setEnv({ STAFF_ALERT_EMAIL: undefined });

    // Act
    try {
      await expect(handler(run(`run-${randomUUID()}`))).rejects.toThrow('Spotify answered 503 three times');
    } finally {
      setEnv({ STAFF_ALERT_EMAIL: staffAddress });
    }

    // Assess
    expect(await mails()).toEqual([]);
  });
});
