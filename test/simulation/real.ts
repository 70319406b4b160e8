// The real side of the model-based run: the world, the webhook faults, and the day as it passes. A day runs the
// scheduled jobs at their hours (the pie split at 01:00, escrow aging at 02:15, the reconciliation job at 03:30,
// each possibly killed before one of its writes and run again, as the next scheduled run would), delivers the
// webhooks Stripe retries late, and ends with every check of test/simulation/auditor.ts. A failed check stops the
// run with a SimulationBreak naming the day.
import type { JobName } from '../../events/definitions';
import type { JobResult } from '../../events/lib/define-job';
import { getClock } from '../../functions/runtime/clock';
import { payoutDependencies } from '../../functions/services/connect/payouts';
import type { SignedInAccount } from '../support/identity';
import { createSignedInAccount } from '../support/identity';
import { onboardOffice } from '../support/payouts-harness';
import { auditDay, fullAuditDue, scanDue } from './auditor';
import { noteEvent, notePhase, printProfile, timedPhase } from './profile';
import type { WebhookFaults } from './faults';
import type { OfficeModel, SimModel } from './model';
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
  private staffAccount: Promise<SignedInAccount> | undefined;

  constructor(
    readonly world: World,
    readonly webhooks: WebhookFaults,
  ) {}

  /** The staff member who approves claims (made once, however many ask at once). */
  staff(): Promise<SignedInAccount> {
    this.staffAccount ??= createSignedInAccount('admin', { email: 'staff@openpie.example' });
    return this.staffAccount;
  }

  /**
   * Onboards an office at the sandbox's hosted page. False when Stripe's account.updated has not reached the product
   * because a fault holds it back: the office is not payable until it comes, and onboards again next time.
   */
  async onboard(model: SimModel, office: OfficeModel): Promise<boolean> {
    if (office.onboarded) return true;
    model.log.push(`${office.label} onboards with Stripe`);
    try {
      await onboardOffice(
        { deps: payoutDependencies(), sandbox: this.world.sandbox },
        office.officeId,
        office.admin.userId,
      );
    } catch (error) {
      const late = error instanceof Error && error.message.includes('not ready after onboarding');
      if (!late || this.webhooks.held() === 0) throw error;
      model.log.push(`  ${office.label}'s onboarding is not confirmed yet (Stripe's event comes late)`);
      return false;
    }
    office.onboarded = true;
    return true;
  }

  /** Maybe arms a crash before one of the next few writes; the returned token disarms it. */
  maybeArmCrash(): boolean {
    if (!this.world.faults.draw('crash', 'work')) return false;
    this.world.faults.armCrash(this.world.faults.pick('crash', 12));
    return true;
  }

  disarmCrash(armed: boolean): boolean {
    if (!armed) return false;
    const fired = this.world.faults.disarmCrash();
    if (fired) this.counters.crashes += 1;
    return fired;
  }

  /** Runs a job, maybe killed before one of its writes; then again if it was killed or failed. Its last answer. */
  private async runJob(name: JobName, at: number): Promise<JobResult | null> {
    const armed = this.maybeArmCrash();
    const first = await this.world.runJob(name, at);
    this.counters.jobRuns += 1;
    const crashed = this.disarmCrash(armed);
    // Killed (or failed): the scheduler's next run picks up what this one left.
    if (crashed || first === null || first.status !== 'completed') {
      const again = await this.world.runJob(name, at);
      this.counters.jobRuns += 1;
      return again;
    }
    return first;
  }

  async passDay(model: SimModel, { last = false }: { last?: boolean } = {}): Promise<void> {
    const faults = this.world.faults;
    const timings: string[] = [];
    let mark = performance.now();
    const timed = (name: string) => {
      const at = performance.now();
      timings.push(`${name} ${Math.round(at - mark)}`);
      mark = at;
    };
    const start = simulationEpoch + this.world.day() * dayMs + dayMs;
    let reconciliation: JobResult | null = null;
    await this.world.quiet();
    for (const [job, hour] of jobHours) {
      faults.enter(`day ${model.days} ${job}`);
      await this.world.moveTo(start + hour * 3_600_000);
      timed('move');
      let phaseStart = performance.now();
      if (job === 'reconciliation') {
        // What Stripe retries late arrives before the day's reconciliation, whose checks the audit then reads.
        faults.enter(`day ${model.days} webhooks`);
        await this.webhooks.deliverDue(getClock().now().getTime());
        await this.world.settle();
        timed('webhooks');
        phaseStart = performance.now();
        faults.enter(`day ${model.days} ${job}`);
      }
      const result = await this.runJob(job, getClock().now().getTime());
      if (job === 'reconciliation') {
        reconciliation = result;
        if (result?.counts['readChanges'] === 0) noteEvent('reconciliation read everything');
      }
      timed(job);
      notePhase(job, performance.now() - phaseStart);
    }
    this.counters.days += 1;
    this.counters.fanDays += model.fans.filter((fan) => !fan.deleted).length;
    faults.enter(`day ${model.days} audit`);
    const checks = {
      quiescent: this.webhooks.held() === 0,
      reconciliation: reconciliation?.findings ?? null,
      full: fullAuditDue(model.days, last),
      scan: scanDue(model.days, last),
    };
    const audit = await timedPhase('audit', () =>
      auditDay(this.world.table, this.world.stripe, this.world.sandbox, model, checks),
    );
    timed('audit');
    if (model.days % 30 === 0) printProfile(`month ${model.days / 30}`, 30);
    this.counters.checksRun += audit.checksRun;
    if (process.env.SIM_DEBUG) console.error(`day ${model.days}: ${timings.join(', ')} ms`);
    if (audit.problems.length > 0) throw new SimulationBreak(this.world.day(), audit.problems);
  }

  /** The end of a run: every held webhook delivered, one more day, every check with Stripe. */
  async finish(model: SimModel): Promise<void> {
    await this.world.quiet();
    this.world.faults.enter('finish');
    await this.webhooks.deliverDue(Number.MAX_SAFE_INTEGER);
    await this.world.settle();
    model.days += 1;
    model.log.push(`day ${model.days} passes (the last)`);
    await this.passDay(model, { last: true });
  }
}
