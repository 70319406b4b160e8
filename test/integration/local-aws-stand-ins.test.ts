import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningOpenPie } from '../../local/app';
import { testTable } from '../support/test-table';

// The real EventBridge and SQS clients, pointed at the local runtime, reach the consumers and workers that the
// stack wires to the same bus rules and queues.
let app: RunningOpenPie;
const savedEnv = { ...process.env };

beforeAll(async () => {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { startOpenPie } = await import('../../local/app');
  app = await startOpenPie({
    port: 0,
    dataDir: await mkdtemp(join(tmpdir(), 'openpie-bus-')),
    tableInMemory: true,
    schedules: false,
    skipWebBuild: true,
    logLevel: 'error',
  });
});

afterAll(async () => {
  await app?.stop();
  process.env = savedEnv;
});

describe('local event bus', () => {
  it('delivers a published event to the consumer its rule names, whose mail to staff shows in the local mailbox', async () => {
    // Prepare
    const { createEventPublisher } = await import('../../functions/integrations/event-bus');
    const { settleDeliveries } = await import('../../local/aws-endpoints');
    const publisher = createEventPublisher({
      region: 'us-east-1',
      busName: 'openpie-local',
      endpoint: `http://127.0.0.1:${app.port}/`,
    });
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    // Act
    try {
      await publisher.publish('reconciliation.failed', {
        runId: 'run-1',
        checks: [{ check: 'ledger', checked: 12, problemCount: 1 }],
        problems: [
          {
            check: 'ledger',
            subject: 'fan-wallet:fan-1',
            expected: '$0.00',
            found: '$0.03',
            message: 'The balance differs from the sum of its entries.',
          },
        ],
        moreProblems: 0,
      });
      await settleDeliveries();
    } finally {
      spy.mockRestore();
    }
    // Assess
    const alert = written
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.alert);
    expect(alert).toMatchObject({
      message: 'reconciliation check failed',
      failingChecks: ['ledger'],
      runId: 'run-1',
    });
    const { localStaffAlertEmail } = await import('../../local/app');
    const outbox = await fetch(`http://127.0.0.1:${app.port}/api/dev/outbox`);
    const mails = JSON.stringify(await outbox.json());
    expect(mails).toContain(localStaffAlertEmail);
    expect(mails).toContain('fan-wallet:fan-1');
  });

  it('publishes an event a change wrote to the outbox, as the table stream does in AWS, to its rule’s consumer', async () => {
    // Prepare: a reconciliation alert written to the outbox in a transaction, as a job would with its run record
    const { randomUUID } = await import('node:crypto');
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { buildOutboxEventPut, getOutboxEvent } = await import('../../functions/data/outbox');
    const { settleDeliveries } = await import('../../local/aws-endpoints');
    const table = testTable();
    const eventId = randomUUID();
    const runId = `run-${eventId}`;
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    // Act: the local runtime reads the outbox's pending events a few times a second
    let publishedAt: string | null = null;
    try {
      await table.client.send(
        new TransactWriteCommand({
          TransactItems: [
            buildOutboxEventPut(table, {
              id: eventId,
              event: {
                type: 'reconciliation.failed',
                detail: {
                  runId,
                  checks: [{ check: 'wallet', checked: 3, problemCount: 1 }],
                  problems: [
                    {
                      check: 'wallet',
                      subject: 'fan:fan-2',
                      expected: '$0.02',
                      found: '$0.00',
                      message: 'A wallet is 2 cents short.',
                    },
                  ],
                  moreProblems: 0,
                },
              },
              occurredAt: new Date(),
            }),
          ],
        }),
      );
      for (let waited = 0; publishedAt === null && waited < 5_000; waited += 100) {
        await new Promise((done) => setTimeout(done, 100));
        publishedAt = (await getOutboxEvent(table, eventId))?.publishedAt ?? null;
      }
      await settleDeliveries();
    } finally {
      spy.mockRestore();
    }
    // Assess
    expect(publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const alert = written
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.alert && entry.runId === runId);
    expect(alert).toMatchObject({ message: 'reconciliation check failed', failingChecks: ['wallet'] });
  });

  it('refuses a malformed event at the consumer instead of acting on it', async () => {
    const { deliver } = await import('../../local/event-bus');
    const failures: string[] = [];
    await deliver(
      { source: 'openpie', detailType: 'reconciliation.failed', detail: { nope: true } },
      (rule) => failures.push(rule),
    );
    expect(failures).toEqual(['reconciliation-alerts']);
  });
});

describe('local queue', () => {
  it('retries a message its worker cannot process, then moves it to the dead-letter queue', async () => {
    // Prepare: a message the fan-work worker cannot read (a pie split that names no pie), so every receive fails
    const { createWorkQueue } = await import('../../functions/integrations/queue');
    const { deadLettersOf, settleQueues } = await import('../../local/queue');
    const { findQueue } = await import('../../local/queue');
    const queue = createWorkQueue({
      region: 'us-east-1',
      queueUrl: process.env.FAN_WORK_QUEUE_URL ?? '',
      endpoint: `http://127.0.0.1:${app.port}/`,
    });
    const runId = `run-${Math.random().toString(36).slice(2)}`;
    const before = deadLettersOf('fan-work').length;
    const quiet = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const quietConsole = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Act
    try {
      // The worker refuses a message its schema does not accept, so it fails this one every time.
      await queue.sendAll([{ kind: 'pie-split', fanId: 'fan-1', runId }]);
      await settleQueues();
    } finally {
      quiet.mockRestore();
      quietConsole.mockRestore();
    }
    // Assess
    const dead = deadLettersOf('fan-work').slice(before);
    expect(dead).toHaveLength(1);
    expect(JSON.parse(dead[0]?.body ?? '{}')).toMatchObject({ runId });
    expect(dead[0]?.receiveCount).toBe(findQueue('fan-work')?.maxReceiveCount);
  });

  it('runs at most its maxConcurrency worker calls at once, as the event source does in AWS', async () => {
    // Prepare: a queue whose worker records how many of its calls overlap
    const { enqueue, settleQueues } = await import('../../local/queue');
    const { probe } = await import('../support/queue-probe-worker');
    const queue = {
      name: 'concurrency-probe',
      description: 'probe',
      entry: 'test/support/queue-probe-worker.ts',
      batchSize: 1,
      visibilityTimeoutSeconds: 30,
      maxReceiveCount: 1,
      maxConcurrency: 2,
    };
    // Act
    for (let index = 0; index < 8; index += 1) enqueue(queue, JSON.stringify({ index }));
    await settleQueues();
    // Assess
    expect(probe.handled).toBe(8);
    expect(probe.mostAtOnce).toBe(2);
  });

  it('refuses a batch of more than ten entries, as SQS does', async () => {
    const { SQSClient, SendMessageBatchCommand } = await import('@aws-sdk/client-sqs');
    const client = new SQSClient({
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${app.port}/`,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const entries = Array.from({ length: 11 }, (_, index) => ({ Id: String(index), MessageBody: '{}' }));
    await expect(
      client.send(
        new SendMessageBatchCommand({ QueueUrl: process.env.FAN_WORK_QUEUE_URL, Entries: entries }),
      ),
    ).rejects.toThrow(/10/);
  });
});
