// The local scheduler runs on product time: after the clock moves, it plans again from the new time, so the next due
// instant of product time fires when product time reaches it, not when the system clock would.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLocalClockOffset } from '../../functions/runtime/clock';
import type { RunningOpenPie } from '../../local/app';
import { jobs } from '../../events/definitions';
import { parseSchedule } from '../../local/schedule-expression';

const savedEnv = { ...process.env };

/** The listening-sync job's period (events/definitions.ts: a rate expression). */
function listeningSyncPeriodMs(): number {
  const schedule = parseSchedule(jobs.find((job) => job.name === 'listening-sync')?.schedule ?? '');
  if (schedule.kind !== 'rate') throw new Error('The listening sync runs on a rate schedule');
  return schedule.everyMs;
}
let app: RunningOpenPie | undefined;
let dataDir: string;

beforeAll(async () => {
  const { startOpenPie } = await import('../../local/app');
  dataDir = await mkdtemp(join(tmpdir(), 'openpie-scheduler-'));
  app = await startOpenPie({
    port: 0,
    dataDir,
    tableInMemory: true,
    schedules: true,
    skipWebBuild: true,
    logLevel: 'info',
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  process.env = savedEnv;
  setLocalClockOffset(0);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the local scheduler after the clock moved', () => {
  it("fires the listening sync's next instant of product time when product time reaches it", async () => {
    // Prepare: move to 2 s before listening-sync's next instant of product time (every 2 hours from the epoch)
    const periodMs = listeningSyncPeriodMs();
    expect(periodMs).toBe(2 * 3_600_000);
    const from = app!.timeMachine.now().getTime();
    const next = Math.ceil((from + 5_000) / periodMs) * periodMs;
    const logged: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    try {
      // Act
      const report = await app!.timeMachine.advance(next - from - 2_000);
      // Assess: the advance stopped short of that instant, and the scheduler then ran it
      expect(report.jobsRun.map((run) => run.scheduledAt)).not.toContain(new Date(next).toISOString());
      await vi.waitFor(
        () =>
          expect(
            logged.some(
              (line) =>
                line.includes('"message":"job finished"') &&
                line.includes('"job":"listening-sync"') &&
                line.includes(`"scheduledAt":"${new Date(next).toISOString()}"`),
            ),
          ).toBe(true),
        { timeout: 15_000, interval: 100 },
      );
    } finally {
      spy.mockRestore();
    }
  }, 60_000);
});
