// The real side of the model-based run: the world, the webhook faults, and the day as it passes. A day runs the
// scheduled jobs at their hours (the pie split at 01:00, escrow aging at 02:15, the reconciliation job at 03:30,
// each possibly killed before one of its writes and run again, as the next scheduled run would), delivers the
// webhooks Stripe retries late, and ends with every check of test/simulation/auditor.ts. A failed check stops the
// run with a SimulationBreak naming the day.
import type { JobName } from '../../events/definitions';
import { getClock } from '../../functions/runtime/clock';
import type { SignedInAccount } from '../support/identity';
import { createSignedInAccount } from '../support/identity';
import { auditDay } from './auditor';
import type { WebhookFaults } from './faults';
import type { SimModel } from './model';
import type { World } from './world';
import { dayMs, simulationEpoch } from './world';

export class SimulationBreak extends Error {
  constructor(
    readonly day: number,
    readonly problems: string[],
  ) {
    super(
      `day ${day}: ${problems[0] ?? 'broken'}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
    );
    this.name = 'SimulationBreak';
  }
}

export interface Counters {
  fans: number;
  plays: number;
  days: number;
  fanDays: number;
  checksRun: number;
  jobRuns: number;
  crashes: number;
  giveBacks: number;
}

const jobHours: [JobName, number][] = [
  ['pie-renewals', 1],
  ['escrow-aging', 2.25],
  ['reconciliation', 3.5],
];

export class SimReal {
  readonly counters: Counters = {
    fans: 0,
    plays: 0,
    days: 0,
    fanDays: 0,
    checksRun: 0,
    jobRuns: 0,
    crashes: 0,
    giveBacks: 0,
  };
  private staffAccount: SignedInAccount | undefined;

  constructor(
    readonly world: World,
    readonly webhooks: WebhookFaults,
  ) {}

  async staff(): Promise<SignedInAccount> {
    this.staffAccount ??= await createSignedInAccount('admin', { email: 'staff@openpie.example' });
    return this.staffAccount;
  }

  /** Maybe arms a crash before one of the next few writes; the returned token disarms it. */
  maybeArmCrash(): boolean {
    if (!this.world.faults.draw('crash')) return false;
    this.world.faults.armCrash(Math.floor(this.world.random() * 12));
    return true;
  }

  disarmCrash(armed: boolean): boolean {
    if (!armed) return false;
    const fired = this.world.faults.disarmCrash();
    if (fired) this.counters.crashes += 1;
    return fired;
  }

  private async runJob(name: JobName, at: number): Promise<void> {
    const armed = this.maybeArmCrash();
    const first = await this.world.runJob(name, at);
    this.counters.jobRuns += 1;
    const crashed = this.disarmCrash(armed);
    // Killed (or failed): the scheduler's next run picks up what this one left.
    if (crashed || first === 'failed') {
      await this.world.runJob(name, at);
      this.counters.jobRuns += 1;
    }
  }

  async passDay(model: SimModel): Promise<void> {
    const began = Date.now();
    const start = simulationEpoch + this.world.day() * dayMs + dayMs;
    for (const [job, hour] of jobHours) {
      await this.world.moveTo(start + hour * 3_600_000);
      await this.runJob(job, getClock().now().getTime());
    }
    await this.webhooks.deliverDue(getClock().now().getTime());
    await this.world.settle();
    this.counters.days += 1;
    this.counters.fanDays += model.fans.filter((fan) => !fan.deleted).length;
    const audited = Date.now();
    const audit = await auditDay(this.world.table, this.world.stripe, this.world.sandbox, model, {
      quiescent: this.webhooks.held() === 0,
    });
    this.counters.checksRun += audit.checksRun;
    if (process.env.SIM_DEBUG)
      console.error(`day ${model.days}: ${Date.now() - began} ms (audit ${Date.now() - audited} ms)`);
    if (audit.problems.length > 0) throw new SimulationBreak(this.world.day(), audit.problems);
  }

  /** The end of a run: every held webhook delivered, one more day, every check with Stripe. */
  async finish(model: SimModel): Promise<void> {
    await this.webhooks.deliverDue(Number.MAX_SAFE_INTEGER);
    await this.world.settle();
    model.days += 1;
    model.log.push(`day ${model.days} passes (the last)`);
    await this.passDay(model);
  }
}
