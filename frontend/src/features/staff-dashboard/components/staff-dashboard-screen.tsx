// Staff's dashboard (SPEC §2 admin dashboard; decision 040): the figures as cards, money by month as a chart with its
// table, and the health of the background work: each scheduled job's last run with a clear state, the last
// reconciliation and what it found, pies waiting for their split, the backlogs. Each part loads, fails and retries
// on its own, so one slow read never hides the others.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import type { DashboardHealth, DashboardStats, JobHealth } from '@contracts/admin-dashboard';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { formatCount, formatDateTime, formatMoney } from '../../../lib/format';
import { appendQuery, paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboardFinancial } from '../api/get-dashboard-financial';
import { useDashboardHealth } from '../api/get-dashboard-health';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { formatMonth, jobNameWords, jobStateWords } from '../lib/dashboard-words';
import { MoneyChart } from './money-chart';
import '../staff-dashboard.css';

/** Months the chart shows. */
const chartMonths = 6;

/** A part of the dashboard: its heading, then its data, or its loading sentence, or its failure with a retry. */
function Part<T>({
  title,
  reply,
  loading,
  failed,
  children,
}: {
  title: string;
  reply: SWRResponse<T, unknown>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const id = `staff-dashboard-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section className="staff-dashboard__section" aria-labelledby={id}>
      <h2 id={id} className="staff-page__subtitle">
        {title}
      </h2>
      {reply.data ? children(reply.data) : null}
      {!reply.data && !reply.error ? (
        <p className="staff-page__muted" role="status">
          {loading}
        </p>
      ) : null}
      {!reply.data && reply.error ? (
        <LoadFailure message={describeLoadError(reply.error, failed)} onRetry={() => void reply.mutate()} />
      ) : null}
    </section>
  );
}

function Card({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <li className="staff-dashboard__card">
      <span className="staff-dashboard__card-label">{label}</span>
      <span className="staff-dashboard__card-value">{value}</span>
      {detail ? <span className="staff-dashboard__card-detail">{detail}</span> : null}
    </li>
  );
}

function Figures({ stats }: { stats: DashboardStats }) {
  const month = formatMonth(stats.month);
  const waiting = stats.claimsWaiting.pending + stats.claimsWaiting.verified;
  return (
    <>
      <ul className="staff-dashboard__cards" aria-label="OpenPie in figures">
        <Card
          label="Fans"
          value={formatCount(stats.fans.total)}
          detail={
            stats.fans.deleted > 0 ? `${formatCount(stats.fans.deleted)} deleted` : 'Every fan who signed up'
          }
        />
        <Card
          label="Active pies"
          value={formatCount(stats.activePies)}
          detail="Fans with a pie running now"
        />
        <Card
          label={`Money in, ${month}`}
          value={formatMoney(stats.moneyInCents)}
          detail="Cards, before fees and refunds"
        />
        <Card
          label={`Split, ${month}`}
          value={formatMoney(stats.splitCents)}
          detail="To artists, held money included"
        />
        <Card
          label="Held now"
          value={formatMoney(stats.heldCents)}
          detail={`${formatCount(stats.heldLots)} ${stats.heldLots === 1 ? 'lot' : 'lots'} for artists nobody claimed`}
        />
        <Card
          label={`Paid out, ${month}`}
          value={formatMoney(stats.paidOutCents)}
          detail="To offices' banks"
        />
        <Card
          label="Claims waiting"
          value={formatCount(waiting)}
          detail={
            <>
              <Link to={appendQuery(paths.admin.claims(), { status: 'Pending' })}>
                {formatCount(stats.claimsWaiting.pending)} pending
              </Link>
              {', '}
              <Link to={appendQuery(paths.admin.claims(), { status: 'Verified' })}>
                {formatCount(stats.claimsWaiting.verified)} verified
              </Link>
            </>
          }
        />
      </ul>
      <p className="staff-page__muted">
        Figures as of {formatDateTime(stats.asOf)}. All fans&rsquo; cards have paid{' '}
        {formatMoney(stats.spentAllTimeCents)} since the start.
      </p>
    </>
  );
}

function MoneyByMonth() {
  const reply = useDashboardFinancial(chartMonths);
  return (
    <Part
      title="Money by month"
      reply={reply}
      loading="Loading money by month…"
      failed="Money by month could not be loaded."
    >
      {(financial) =>
        financial.months.every(
          (row) =>
            row.moneyInCents === 0 && row.splitCents === 0 && row.heldCents === 0 && row.paidOutCents === 0,
        ) ? (
          <p className="staff-page__empty">No money has moved in the last {chartMonths} months.</p>
        ) : (
          <MoneyChart months={financial.months} />
        )
      }
    </Part>
  );
}

function lastRunWords(job: JobHealth): string {
  const run = job.lastRun;
  if (!run) return 'No run recorded yet.';
  if (run.outcome === 'running') return `Started ${formatDateTime(run.startedAt)}, still running.`;
  return `Last run ${formatDateTime(run.finishedAt ?? run.startedAt)}.`;
}

function JobRow({ job }: { job: JobHealth }) {
  return (
    <li className="staff-dashboard__job">
      <span className="staff-dashboard__job-name">{jobNameWords[job.job] ?? job.job}</span>
      <span className={`staff-dashboard__state staff-dashboard__state--${job.state}`}>
        {jobStateWords[job.state]}
      </span>
      <span className="staff-dashboard__job-detail">
        {lastRunWords(job)}
        {job.consecutiveFailures > 0
          ? ` Failed ${formatCount(job.consecutiveFailures)} ${job.consecutiveFailures === 1 ? 'time' : 'times'} in a row.`
          : ''}
        {job.failureCount > 0 && job.consecutiveFailures === 0
          ? ` ${formatCount(job.failureCount)} failed ${job.failureCount === 1 ? 'run' : 'runs'} before.`
          : ''}
      </span>
      {job.state === 'failing' && job.lastFailure ? (
        <span className="staff-dashboard__job-error">{job.lastFailure}</span>
      ) : null}
    </li>
  );
}

function Reconciliation({ reconciliation }: { reconciliation: DashboardHealth['reconciliation'] }) {
  const link = (
    <Link to={paths.admin.finances()} className="staff-dashboard__link">
      Open reconciliation
    </Link>
  );
  if (!reconciliation) {
    return (
      <div className="staff-dashboard__block">
        <h3 className="staff-dashboard__minor">Last reconciliation</h3>
        <p className="staff-page__muted">The daily reconciliation has not run yet. {link}</p>
      </div>
    );
  }
  const failing = reconciliation.findings.filter((finding) => finding.problemCount > 0);
  return (
    <div className="staff-dashboard__block">
      <h3 className="staff-dashboard__minor">Last reconciliation</h3>
      <p>
        {reconciliation.outcome === 'completed'
          ? `Ran ${formatDateTime(reconciliation.finishedAt ?? reconciliation.startedAt)}: `
          : `Started ${formatDateTime(reconciliation.startedAt)} (${reconciliation.outcome.replace('_', ' ')}). `}
        {reconciliation.outcome === 'completed'
          ? reconciliation.problemCount === 0
            ? `every check was clean (${reconciliation.findings.map((finding) => finding.check).join(', ')}).`
            : `${formatCount(reconciliation.problemCount)} ${reconciliation.problemCount === 1 ? 'problem' : 'problems'} found.`
          : ''}{' '}
        {link}
      </p>
      {failing.length > 0 ? (
        <ul className="staff-dashboard__findings" aria-label="What reconciliation found">
          {failing.map((finding) => (
            <li key={finding.check}>
              <strong>
                {finding.check}: {formatCount(finding.problemCount)} of {formatCount(finding.checked)} checked
              </strong>
              <ul>
                {finding.firstProblems.map((problem) => (
                  <li key={`${problem.subject}-${problem.message}`}>
                    <code>{problem.subject}</code> {problem.message} Expected {problem.expected}, found{' '}
                    {problem.found}.
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Health({ health }: { health: DashboardHealth }) {
  const { piesPastEnd, raisedPies, outboxBacklog, deadLetters } = health;
  return (
    <>
      <ul className="staff-dashboard__jobs" aria-label="Scheduled jobs">
        {health.jobs.map((job) => (
          <JobRow key={job.job} job={job} />
        ))}
      </ul>
      <Reconciliation reconciliation={health.reconciliation} />
      <div className="staff-dashboard__block">
        <h3 className="staff-dashboard__minor">Pies waiting for their split</h3>
        <p>
          {piesPastEnd.count === 0
            ? 'No pie is past its end without its split.'
            : `${formatCount(piesPastEnd.count)} past their end and not split (${formatCount(piesPastEnd.overdue)} for more than a day), the oldest ended ${formatDateTime(piesPastEnd.oldestEnd ?? '')}.`}
        </p>
        <p>
          {raisedPies.count === 0
            ? 'No pie is raised to staff.'
            : `${formatCount(raisedPies.count)} raised to staff: their split failed too often.`}
        </p>
        {raisedPies.count > 0 ? (
          <ul className="staff-dashboard__raised" aria-label="Raised pies">
            {raisedPies.pies.map((pie) => (
              <li key={pie._id}>
                <Link to={paths.admin.fan({ id: pie.fanId })}>
                  Pie ending {formatDateTime(pie.periodEnd)}
                </Link>
                {`: ${formatCount(pie.splitAttempts)} attempts`}
                {pie.lastSplitError ? ` — ${pie.lastSplitError}` : ''}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="staff-dashboard__block">
        <h3 className="staff-dashboard__minor">Backlogs</h3>
        <dl className="staff-dashboard__facts">
          <div>
            <dt>Events waiting for the bus</dt>
            <dd>
              {outboxBacklog.pending === 0
                ? 'None'
                : `${formatCount(outboxBacklog.pending)}${outboxBacklog.capped ? ' or more' : ''}, the oldest from ${formatDateTime(outboxBacklog.oldestAt ?? '')}`}
            </dd>
          </div>
          <div>
            <dt>Dead letters (local only)</dt>
            <dd>
              {deadLetters.queues
                ? deadLetters.queues.map((queue) => `${queue.queue}: ${formatCount(queue.depth)}`).join(', ')
                : 'Not known here'}
              <span className="staff-dashboard__note">{deadLetters.note}</span>
            </dd>
          </div>
          <div>
            <dt>Stripe webhooks not delivered</dt>
            <dd>
              Not known here
              <span className="staff-dashboard__note">{health.webhookBacklog.note}</span>
            </dd>
          </div>
        </dl>
      </div>
      <p className="staff-page__muted">Health as of {formatDateTime(health.asOf)}.</p>
    </>
  );
}

export function StaffDashboardScreen() {
  useDocumentTitle('Dashboard · OpenPie Admin');
  const stats = useDashboardStats();
  const health = useDashboardHealth();
  return (
    <div className="staff-dashboard">
      <header>
        <h1 className="staff-page__title">Dashboard</h1>
        <p className="staff-page__lead">The state of OpenPie at a glance.</p>
      </header>
      <Part
        title="Figures"
        reply={stats}
        loading="Loading the figures…"
        failed="The figures could not be loaded."
      >
        {(data) => <Figures stats={data} />}
      </Part>
      <MoneyByMonth />
      <Part
        title="Health"
        reply={health}
        loading="Loading the health of OpenPie…"
        failed="The health could not be loaded."
      >
        {(data) => <Health health={data} />}
      </Part>
    </div>
  );
}
