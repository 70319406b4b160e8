// The local product's movable clock (DESIGN §3 "time"): GET /api/dev/time and POST /api/dev/time/advance on
// a started product, the offset kept under DATA_DIR across a restart, the jobs that fall due run in order at their
// due instants, the commands (`npm run time`, `npm run job`) against a data folder a product holds or nobody holds.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../events/definitions';
import { getClock, setLocalClockOffset } from '../../functions/runtime/clock';
import type { RunningOpenPie } from '../../local/app';
import { planAdvance } from '../../local/advance-plan';

const run = promisify(execFile);
const hourMs = 3_600_000;
const savedEnv = { ...process.env };
const folders: string[] = [];
let app: RunningOpenPie | undefined;
let dataDir: string;

async function newDataDir(label: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `openpie-time-${label}-`));
  folders.push(folder);
  return folder;
}

async function start(folder: string): Promise<RunningOpenPie> {
  const { startOpenPie } = await import('../../local/app');
  return startOpenPie({ port: 0, dataDir: folder, schedules: false, skipWebBuild: true, logLevel: 'error' });
}

interface TimeData {
  now: string;
  offsetMs: number;
  jobsRun?: { job: string; scheduledAt: string; status: string }[];
}

async function readTime(site: RunningOpenPie): Promise<TimeData> {
  const reply = await fetch(`${site.url}/api/dev/time`);
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: TimeData }).data;
}

function advance(site: RunningOpenPie, body: unknown): Promise<Response> {
  return fetch(`${site.url}/api/dev/time/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify(body),
  });
}

/** `npm run <script>` as a person types it, minus ensure.mjs (installed already), on a given data folder. */
function runCommand(entry: string, args: string[], folder: string) {
  return run(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { ...savedEnv, DATA_DIR: folder, PORT: '1', LOG_LEVEL: 'error' },
    timeout: 120_000,
  }).then(
    (done) => ({ code: 0, output: `${done.stdout}${done.stderr}` }),
    (failed: { code?: number; stdout?: string; stderr?: string }) => ({
      code: failed.code ?? -1,
      output: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    }),
  );
}

beforeAll(async () => {
  dataDir = await newDataDir('product');
  app = await start(dataDir);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  process.env = savedEnv;
  setLocalClockOffset(0);
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('the product clock of the local runtime', () => {
  it('answers the product time, the system time on a fresh data folder', async () => {
    // Act
    const before = Date.now();
    const time = await readTime(app!);
    // Assess
    expect(time.offsetMs).toBe(0);
    expect(Date.parse(time.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(time.now)).toBeLessThanOrEqual(Date.now());
  });

  it('moves forward, runs the jobs that fell due in order at their instants, and keeps the offset in DATA_DIR', async () => {
    // Prepare
    const before = await readTime(app!);
    // Act
    const reply = await advance(app!, { hours: 9 });
    const after = Date.parse((await readTime(app!)).now);
    // Assess: the reply
    expect(reply.status).toBe(200);
    const moved = ((await reply.json()) as { data: TimeData }).data;
    expect(moved.offsetMs).toBe(before.offsetMs + 9 * hourMs);
    expect(Date.parse(moved.now)).toBeGreaterThanOrEqual(Date.parse(before.now) + 9 * hourMs);
    // … the runs: the plan from where the clock stood when the advance began (somewhere between the two reads), read
    // from its last runs, which the frequent jobs make at the target instant itself
    const target = Date.parse(moved.jobsRun?.at(-1)?.scheduledAt ?? '');
    expect(target).toBeGreaterThanOrEqual(Date.parse(before.now) + 9 * hourMs);
    expect(target).toBeLessThanOrEqual(after);
    const plan = planAdvance(jobs, new Date(target - 9 * hourMs), new Date(target)).map((planned) => [
      planned.job,
      planned.scheduledAt.toISOString(),
    ]);
    expect(moved.jobsRun?.map((entry) => [entry.job, entry.scheduledAt])).toEqual(plan);
    expect(
      moved.jobsRun?.filter((entry) => Date.parse(entry.scheduledAt) === target).map((entry) => entry.job),
    ).toEqual(['listening-sync', 'pie-renewals']);
    expect(moved.jobsRun?.filter((entry) => entry.job === 'listening-sync').length).toBeGreaterThanOrEqual(2);
    expect(moved.jobsRun?.map((entry) => entry.status)).not.toContain('failed');
    // … the data folder
    const file = JSON.parse(await readFile(join(dataDir, 'clock.json'), 'utf8')) as { offsetMs: number };
    expect(file.offsetMs).toBe(moved.offsetMs);
  }, 120_000);

  it('holds the clock at each run’s due instant while the job runs, then lands on the target', async () => {
    // Prepare: a time machine whose job runner reports what the clock said
    const { createTimeMachine } = await import('../../local/time-machine');
    const folder = await newDataDir('machine');
    const seen: { scheduledAt: number; now: number }[] = [];
    const machine = createTimeMachine({
      dataDir: folder,
      scheduler: null,
      runJob: async (job, scheduledAt) => {
        seen.push({ scheduledAt: scheduledAt.getTime(), now: getClock().now().getTime() });
        return { job: job.name, runId: 'test', status: 'completed', counts: {} };
      },
    });
    const startOffset = machine.offsetMs();
    const from = machine.now().getTime();
    // Act
    const report = await machine.advance(26 * hourMs);
    // Assess
    expect(seen.length).toBe(report.jobsRun.length);
    expect(seen.map((entry) => new Date(entry.scheduledAt).toISOString())).toEqual(
      report.jobsRun.map((entry) => entry.scheduledAt),
    );
    for (const entry of seen) {
      expect(entry.scheduledAt).toBeGreaterThan(from);
      expect(entry.now - entry.scheduledAt).toBeGreaterThanOrEqual(0);
      expect(entry.now - entry.scheduledAt).toBeLessThan(1_000);
    }
    // The daily reconciliation (cron 03:30 UTC) runs once for each 03:30 the 26 hours cross: once or twice, by the
    // hour the advance starts at
    const dailyDue = [0, 1, 2]
      .map((day) => {
        const start = new Date(from);
        return Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + day, 3, 30);
      })
      .filter((at) => at > from && at <= from + 26 * hourMs);
    expect(report.jobsRun.filter((entry) => entry.job === 'reconciliation')).toHaveLength(dailyDue.length);
    expect(report.offsetMs).toBe(startOffset + 26 * hourMs);
    expect(machine.offsetMs()).toBe(startOffset + 26 * hourMs);
    const file = JSON.parse(await readFile(join(folder, 'clock.json'), 'utf8')) as { offsetMs: number };
    expect(file.offsetMs).toBe(startOffset + 26 * hourMs);
  });

  it('never runs the clock backwards: a run due at the instant another run took time at starts after it', async () => {
    // Prepare: a job runner that takes 30 ms of real time and notes the clock at its start and its end
    const { createTimeMachine } = await import('../../local/time-machine');
    const folder = await newDataDir('monotonic');
    const runs: { job: string; scheduledAt: number; start: number; end: number }[] = [];
    const machine = createTimeMachine({
      dataDir: folder,
      scheduler: null,
      runJob: async (job, scheduledAt) => {
        const start = getClock().now().getTime();
        await new Promise((resolve) => setTimeout(resolve, 30));
        runs.push({
          job: job.name,
          scheduledAt: scheduledAt.getTime(),
          start,
          end: getClock().now().getTime(),
        });
        return { job: job.name, runId: 'test', status: 'completed', counts: {} };
      },
    });
    // Act
    await machine.advance(3 * hourMs);
    // Assess: some runs share an instant (every 2 hours and every hour), and each starts where the last ended
    const instants = runs.map((run) => run.scheduledAt);
    expect(new Set(instants).size).toBeLessThan(instants.length);
    for (const [index, run] of runs.entries()) {
      expect(run.start).toBeGreaterThanOrEqual(run.scheduledAt);
      expect(run.start).toBeGreaterThanOrEqual(runs[index - 1]?.end ?? run.start);
    }
  });

  it('moves to the exact instant of until, to the millisecond', async () => {
    // Prepare: an instant 2 hours and 1 millisecond past the product's time, not on any whole hour
    const before = await readTime(app!);
    const target = new Date(Date.parse(before.now) + 2 * hourMs + 1).toISOString();
    // Act
    const reply = await advance(app!, { until: target });
    // Assess: the clock moved by the instant's distance from the product's time when the route read it
    expect(reply.status).toBe(200);
    const moved = ((await reply.json()) as { data: TimeData }).data;
    const movedBy = moved.offsetMs - before.offsetMs;
    expect(movedBy).toBeGreaterThan(2 * hourMs - 1_000);
    expect(movedBy).toBeLessThanOrEqual(2 * hourMs + 1);
    expect(Date.parse(moved.now)).toBeGreaterThanOrEqual(Date.parse(target));
  });

  it.each([
    [{}, 'days', /days \(1 to 400\) or hours/],
    [{ days: 0 }, 'days', /from 1 to 400/],
    [{ days: 401 }, 'days', /from 1 to 400/],
    [{ days: 1.5 }, 'days', /whole number/],
    [{ days: '3' }, 'days', /whole number/],
    [{ hours: 9601 }, 'hours', /from 1 to 9600/],
    [{ hours: -1 }, 'hours', /from 1 to 9600/],
    [{ days: 1, hours: 1 }, 'hours', /not both/],
    [{ until: 'tomorrow' }, 'until', /ISO 8601 instant/],
    [{ until: '2000-01-01T00:00:00.000Z' }, 'until', /after the product’s time/],
    [{ until: '2999-01-01T00:00:00.000Z' }, 'until', /at most 400 days ahead/],
    [{ until: '2999-01-01T00:00:00.000Z', days: 1 }, 'until', /until alone/],
  ])('refuses %j with 422 and a message for %s, leaving the clock', async (body, field, message) => {
    // Prepare
    const before = await readTime(app!);
    // Act
    const reply = await advance(app!, body);
    // Assess
    expect(reply.status).toBe(422);
    const failure = (await reply.json()) as {
      success: boolean;
      code: string;
      fields: Record<string, string>;
    };
    expect(failure).toMatchObject({ success: false, code: 'validation_failed' });
    expect(failure.fields[field]).toMatch(message);
    expect((await readTime(app!)).offsetMs).toBe(before.offsetMs);
  });

  it('refuses a second product on a data folder that one holds', async () => {
    // Act
    const second = start(dataDir);
    // Assess
    await expect(second).rejects.toThrow(/already running on this data folder/);
    expect((await readTime(app!)).offsetMs).toBeGreaterThanOrEqual(0);
  });

  it('leaves the time routes out of the deployed dev handler (404 there)', async () => {
    // Prepare
    const { handler } = await import('../../functions/handlers/dev');
    const { buildGatewayEvent, testContext } = await import('../support/gateway-event');
    // Act
    const read = await handler(buildGatewayEvent('GET', '/api/dev/time'), testContext);
    const moved = await handler(
      buildGatewayEvent('POST', '/api/dev/time/advance', { body: JSON.stringify({ days: 1 }) }),
      testContext,
    );
    // Assess
    expect(read.statusCode).toBe(404);
    expect(moved.statusCode).toBe(404);
  });
});

describe('npm run time and npm run job', () => {
  it('moves a running product through its route (found by the data folder’s lock)', async () => {
    // Prepare
    const before = await readTime(app!);
    // Act
    const result = await runCommand('scripts/time.ts', ['advance', '2h'], dataDir);
    // Assess
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Moved OpenPie running at http:\/\/127\.0\.0\.1:\d+/);
    expect((await readTime(app!)).offsetMs).toBe(before.offsetMs + 2 * hourMs);
  }, 60_000);

  it('refuses to run a job by hand on a data folder a running product holds', async () => {
    // Act
    const result = await runCommand('local/run-job.ts', ['reconciliation'], dataDir);
    // Assess
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/already running on this data folder \(OpenPie, pid \d+, port \d+\)/);
  }, 60_000);

  it('moves the clock of a data folder no product holds, with the runtime started for it', async () => {
    // Prepare
    const folder = await newDataDir('offline');
    // Act
    const moved = await runCommand('scripts/time.ts', ['advance', '3h'], folder);
    const now = await runCommand('scripts/time.ts', ['now'], folder);
    // Assess
    expect(moved.code, moved.output).toBe(0);
    // Which daily jobs also fall due depends on the time of day the test runs; the 2-hourly sync always does.
    expect(moved.output).toMatch(/ran \d+ scheduled jobs: .*listening-sync ×\d+ \(\d+ completed\)/);
    const file = JSON.parse(await readFile(join(folder, 'clock.json'), 'utf8')) as { offsetMs: number };
    expect(file.offsetMs).toBe(3 * hourMs);
    expect(now.code, now.output).toBe(0);
    expect(now.output).toMatch(/\(3 hours ahead of the system clock\)/);
  }, 120_000);

  it('explains its arguments when they are not a move it knows', async () => {
    const result = await runCommand('scripts/time.ts', ['advance', '30m'], await newDataDir('usage'));
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/Usage: npm run time -- now/);
  });
});

// Last: functions/runtime/table.ts keeps its first client for the process, so after a restart in this process (a new
// DynamoDB Local) only calls that do not touch the table are made.
describe('a restart of the local product', () => {
  it('reloads the moved clock from DATA_DIR before anything reads the time', async () => {
    // Prepare
    const kept = JSON.parse(await readFile(join(dataDir, 'clock.json'), 'utf8')) as { offsetMs: number };
    expect(kept.offsetMs).toBeGreaterThan(0);
    // Act: stop, forget the offset as a new process would, start again on the same folder
    await app!.stop();
    setLocalClockOffset(0);
    app = await start(dataDir);
    const restarted = await readTime(app);
    // Assess
    expect(restarted.offsetMs).toBe(kept.offsetMs);
    expect(Math.abs(Date.parse(restarted.now) - (Date.now() + kept.offsetMs))).toBeLessThan(1_000);
  }, 120_000);
});
