// Staff's health figure names every scheduled job, so one that never ran shows as such: its list (contracts cannot
// import events/) is the jobs of events/definitions.ts.
import { describe, expect, it } from 'vitest';
import { jobs } from '../../events/definitions';
import { scheduledJobNames } from '../../functions/contracts/admin-dashboard';

describe("the dashboard's scheduled jobs", () => {
  it('are exactly the jobs events/definitions.ts schedules', () => {
    expect([...scheduledJobNames].sort()).toEqual(jobs.map((job) => job.name).sort());
  });
});
