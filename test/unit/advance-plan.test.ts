import { describe, expect, it } from 'vitest';
import { jobs } from '../../events/definitions';
import { advanceWindowMs, advanceWindowOf, catchUpWindowMs, planAdvance } from '../../local/advance-plan';
import { dueInstants, nextRun, parseSchedule } from '../../local/schedule-expression';

const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();
const hours = (count: number) => count * 3_600_000;

describe('due instants (local scheduler and time machine)', () => {
  it('lists every firing in (after, until], a rate counted from the epoch', () => {
    // Act
    const due = dueInstants(
      parseSchedule('rate(30 minutes)'),
      at('2026-11-21T10:10:00Z'),
      at('2026-11-21T11:30:00Z'),
    );
    // Assess: on :00 and :30 whenever it starts, the end included, the start excluded
    expect(due.map(iso)).toEqual([
      '2026-11-21T10:30:00.000Z',
      '2026-11-21T11:00:00.000Z',
      '2026-11-21T11:30:00.000Z',
    ]);
    expect(
      dueInstants(parseSchedule('rate(1 hour)'), at('2026-11-21T11:00:00Z'), at('2026-11-21T11:59:59Z')),
    ).toEqual([]);
  });

  it('lists a daily cron once a day across a month boundary', () => {
    const due = dueInstants(
      parseSchedule('cron(15 2 * * ? *)'),
      at('2026-11-29T03:00:00Z'),
      at('2026-12-02T02:15:00Z'),
    );
    expect(due.map(iso)).toEqual([
      '2026-11-30T02:15:00.000Z',
      '2026-12-01T02:15:00.000Z',
      '2026-12-02T02:15:00.000Z',
    ]);
  });

  it('agrees with nextRun, one firing after another', () => {
    const schedule = parseSchedule('cron(0/15 9-17 ? * 2-6 *)');
    const due = dueInstants(schedule, at('2026-11-20T16:50:00Z'), at('2026-11-23T09:20:00Z'));
    expect(due.map(iso)).toEqual([
      '2026-11-20T17:00:00.000Z',
      '2026-11-20T17:15:00.000Z',
      '2026-11-20T17:30:00.000Z',
      '2026-11-20T17:45:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:15:00.000Z',
    ]);
    expect(iso(nextRun(schedule, due[3]!))).toBe(iso(due[4]!));
  });
});

describe('the advance plan', () => {
  const frequent = { name: 'every-30-min', schedule: 'rate(30 minutes)' };
  const hourly = { name: 'hourly', schedule: 'rate(1 hour)' };
  const daily = { name: 'daily', schedule: 'cron(15 2 * * ? *)' };
  /** Every job coalesced over four hours, to see the windows at work within a day. */
  const fourHours = () => hours(4);

  it('runs a job once per window, at its last due instant there, whatever runs in between', () => {
    // Act: 00:00 to 09:00 crosses the windows ending 04:00, 08:00 and the part of the 12:00 one up to 09:00
    const plan = planAdvance(
      [frequent, hourly, daily],
      at('2026-11-21T00:00:00Z'),
      at('2026-11-21T09:00:00Z'),
      fourHours,
    );
    // Assess: in time order; at equal instants the jobs' own order
    expect(plan.map((run) => `${iso(run.scheduledAt).slice(11, 16)} ${run.job}`)).toEqual([
      '02:15 daily',
      '04:00 every-30-min',
      '04:00 hourly',
      '08:00 every-30-min',
      '08:00 hourly',
      '09:00 every-30-min',
      '09:00 hourly',
    ]);
  });

  it('runs the last instant of a window the advance starts inside, and nothing at or before the start', () => {
    const plan = planAdvance(
      [frequent, hourly, daily],
      at('2026-11-21T05:10:00Z'),
      at('2026-11-21T06:20:00Z'),
      fourHours,
    );
    // The target, 06:20, is the last instant of its window for the frequent jobs (it stands for 06:00)
    expect(plan.map((run) => [run.job, iso(run.scheduledAt)])).toEqual([
      ['every-30-min', '2026-11-21T06:20:00.000Z'],
      ['hourly', '2026-11-21T06:20:00.000Z'],
    ]);
    // … a frequent job lands with a run at the target, never at or before the start
    expect(
      planAdvance([frequent], at('2026-11-21T06:00:00Z'), at('2026-11-21T06:29:59Z'), fourHours).map((run) =>
        iso(run.scheduledAt),
      ),
    ).toEqual(['2026-11-21T06:29:59.000Z']);
    expect(planAdvance([daily], at('2026-11-21T06:00:00Z'), at('2026-11-21T06:29:59Z'))).toEqual([]);
  });

  it('lands with a run of every frequent job at the target instant, so what ended since its last due instant is done', () => {
    // Act: a pie funded at 10:21 ends at 10:21 thirty days later; `advance 30d` typed at 10:22 lands at 10:22
    const from = at('2026-11-21T10:22:00Z');
    const to = new Date(from.getTime() + 30 * 86_400_000);
    const plan = planAdvance([frequent, hourly, daily], from, to);
    // Assess: the hourly job's last run is at the target, after 10:21, not at 10:00; the daily job keeps its cron
    const last = (name: string) => plan.filter((run) => run.job === name).at(-1)?.scheduledAt;
    expect(iso(last('hourly')!)).toBe(iso(to));
    expect(iso(last('every-30-min')!)).toBe(iso(to));
    expect(iso(last('daily')!)).toBe('2026-12-21T02:15:00.000Z');
    expect(plan.at(-1)?.scheduledAt.getTime()).toBe(to.getTime());
    // … and once only when the target is a due instant itself
    const onTheHour = planAdvance([hourly], at('2026-11-21T10:00:00Z'), at('2026-11-21T11:00:00Z'));
    expect(onTheHour.map((run) => iso(run.scheduledAt))).toEqual(['2026-11-21T11:00:00.000Z']);
  });

  it('puts a job that shares an instant with one listed before it after that one', () => {
    const plan = planAdvance(
      [hourly, frequent],
      at('2026-11-21T03:00:00Z'),
      at('2026-11-21T04:00:00Z'),
      fourHours,
    );
    expect(plan.map((run) => run.job)).toEqual(['hourly', 'every-30-min']);
  });

  it('coalesces a job that catches up over a day, the listening sync over four hours', () => {
    // Act: from 10:07 to 10:07 the next day
    const from = at('2026-11-21T10:07:00Z');
    const plan = planAdvance(jobs, from, new Date(from.getTime() + 86_400_000));
    const runsOf = (name: string) =>
      plan.filter((run) => run.job === name).map((run) => iso(run.scheduledAt).slice(5, 16));
    // Assess: the hourly renewals run at the midnight that ends the first day and at the target; the 2-hourly sync at the
    // end of each 4-hour window and at the target; the daily jobs at their cron instants
    expect(runsOf('pie-renewals')).toEqual(['11-22T00:00', '11-22T10:07']);
    expect(runsOf('listening-sync')).toEqual([
      '11-21T12:00',
      '11-21T16:00',
      '11-21T20:00',
      '11-22T00:00',
      '11-22T04:00',
      '11-22T08:00',
      '11-22T10:07',
    ]);
    expect(runsOf('escrow-aging')).toEqual(['11-22T02:15']);
    expect(runsOf('reconciliation')).toEqual(['11-22T03:30']);
    expect(advanceWindowOf({ name: 'pie-renewals', schedule: 'rate(1 hour)' })).toBe(catchUpWindowMs);
    expect(advanceWindowOf({ name: 'listening-sync', schedule: 'rate(2 hours)' })).toBe(advanceWindowMs);
  });

  it('keeps a 30-day advance of the deployed schedules to some 270 runs, each job at most once per its window', () => {
    // Act
    const from = at('2026-11-21T10:07:00Z');
    const plan = planAdvance(jobs, from, new Date(from.getTime() + 30 * 86_400_000));
    // Assess
    const count = (name: string) => plan.filter((run) => run.job === name).length;
    expect(count('escrow-aging')).toBe(30);
    expect(count('reconciliation')).toBe(30);
    // Six windows a day, and the partial windows at both ends
    expect(count('listening-sync')).toBe(181);
    // One a day, and the partial days at both ends
    expect(count('pie-renewals')).toBe(31);
    for (let index = 1; index < plan.length; index += 1) {
      expect(plan[index]!.scheduledAt.getTime()).toBeGreaterThanOrEqual(
        plan[index - 1]!.scheduledAt.getTime(),
      );
    }
    const windows = plan.map((run) => {
      const job = jobs.find((candidate) => candidate.name === run.job)!;
      return `${run.job} ${Math.ceil(run.scheduledAt.getTime() / advanceWindowOf(job))}`;
    });
    expect(new Set(windows).size).toBe(windows.length);
  });

  it('never leaves more than one window between two runs of a frequent job', () => {
    const from = at('2026-11-21T10:07:00Z');
    const syncs = planAdvance(jobs, from, new Date(from.getTime() + 3 * 86_400_000))
      .filter((run) => run.job === 'listening-sync')
      .map((run) => run.scheduledAt.getTime());
    for (let index = 1; index < syncs.length; index += 1) {
      expect(syncs[index]! - syncs[index - 1]!).toBeLessThanOrEqual(advanceWindowMs);
    }
    expect(syncs[0]! - from.getTime()).toBeLessThanOrEqual(advanceWindowMs);
    expect(advanceWindowMs).toBe(hours(4));
  });
});
