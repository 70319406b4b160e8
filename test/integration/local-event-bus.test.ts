import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningOpenPie } from '../../local/app';

// The real EventBridge client, pointed at the local runtime's emulated PutEvents, reaches the consumer of the
// stack's rule. The consumer logs its alert at error level; the test watches stderr for it.
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
  it('delivers a published event to the consumer its rule names', async () => {
    // Prepare
    const { createEventPublisher } = await import('../../functions/integrations/event-bus');
    const { settleDeliveries } = await import('../../local/aws-endpoints');
    const publisher = createEventPublisher({
      region: 'us-east-1',
      busName: 'openpie-local',
      endpoint: `http://127.0.0.1:${app.port}/_aws/events`,
    });
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    // Act
    try {
      await publisher.publish('reconciliation.failed', {
        checkType: 'ledger',
        runId: 'run-1',
        problems: [{ account: 'wallet#fan-1', message: 'balance differs from postings by 3 cents' }],
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
      checkType: 'ledger',
      runId: 'run-1',
    });
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
