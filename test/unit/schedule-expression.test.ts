import { describe, expect, it } from 'vitest';
import type { JobDefinition } from '../../events/definitions';
import { jobs } from '../../events/definitions';
import { nextRun, parseSchedule } from '../../local/schedule-expression';

const at = (iso: string) => new Date(iso);

describe('schedule expressions (local scheduler)', () => {
  it('fires a rate on whole periods from its anchor', () => {
    const schedule = parseSchedule('rate(30 minutes)');
    const anchor = at('2026-11-21T10:00:00Z');
    expect(nextRun(schedule, anchor, anchor).toISOString()).toBe('2026-11-21T10:30:00.000Z');
    expect(nextRun(schedule, at('2026-11-21T10:45:00Z'), anchor).toISOString()).toBe(
      '2026-11-21T11:00:00.000Z',
    );
  });

  it('fires a daily cron at its minute, the next day once passed', () => {
    const schedule = parseSchedule('cron(30 3 * * ? *)');
    expect(nextRun(schedule, at('2026-11-21T01:00:00Z')).toISOString()).toBe('2026-11-21T03:30:00.000Z');
    expect(nextRun(schedule, at('2026-11-21T03:30:00Z')).toISOString()).toBe('2026-11-22T03:30:00.000Z');
  });

  it('reads lists, ranges, steps and EventBridge weekday numbering (1 = Sunday)', () => {
    // Every 15 minutes from 9 to 17 on Monday to Friday
    const schedule = parseSchedule('cron(0/15 9-17 ? * 2-6 *)');
    // 2026-11-21 is a Saturday: the next run is Monday 09:00
    expect(nextRun(schedule, at('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(nextRun(schedule, at('2026-11-23T09:00:00Z')).toISOString()).toBe('2026-11-23T09:15:00.000Z');
    const named = parseSchedule('cron(0 12 ? JAN,JUL MON *)');
    expect(nextRun(named, at('2026-11-21T00:00:00Z')).toISOString()).toBe('2027-01-04T12:00:00.000Z');
  });

  it('refuses what EventBridge refuses or we do not support', () => {
    expect(() => parseSchedule('cron(0 12 * * * *)')).toThrow(/'\?'/);
    expect(() => parseSchedule('cron(0 12 L * ? *)')).toThrow();
    expect(() => parseSchedule('rate(0 minutes)')).toThrow();
    expect(() => parseSchedule('every day')).toThrow();
  });

  it.each(jobs as readonly JobDefinition[])('parses the deployed schedule of job $name', (job) => {
    const schedule = parseSchedule(job.schedule);
    const now = at('2026-11-21T00:00:00Z');
    expect(nextRun(schedule, now, now).getTime()).toBeGreaterThan(now.getTime());
  });
});
