// The local scheduler runs on product time: after the clock moves, it plans again from the new time, so the next due
// instant of product time fires when product time reaches it, not when the system clock would.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLocalClockOffset } from '../../functions/runtime/clock';
import type { RunningOpenPie } from '../../local/app';

const savedEnv = { ...process.env };
let app: RunningOpenPie | undefined;
let dataDir: string;

beforeAll(async () => {
  const { startOpenPie } = await import('../../local/app');
  dataDir = await mkdtemp(join(tmpdir(), 'openpie-scheduler-'));
  app = await startOpenPie({ port: 0, dataDir, schedules: true, skipWebBuild: true, logLevel: 'info' });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  process.env = savedEnv;
  setLocalClockOffset(0);
  await rm(dataDir, { recursive: true, force: true });
});

describe('the local scheduler after the clock moved', () => {
  it('fires the next half-hour of product time when product time reaches it', async () => {
    // Prepare: move to 2 s before a :00 or :30 of product time (listening-sync's instants)
    const halfHourMs = 1_800_000;
    const from = app!.timeMachine.now().getTime();
    const next = Math.ceil((from + 5_000) / halfHourMs) * halfHourMs;
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
