// Staff's reconciliation panel (SPEC §7, DESIGN §5 "Reconciliation", docs/decisions/038-reconciliation.md): a button
// per check and one that runs them all, each check's state (not run, running, clean after looking at how many
// things, or how many problems), and every finding in one table whose subjects lead to the ledger drill-down, the
// fan or the pie, and download as a CSV. The checks read the whole ledger, so "Run all" runs them one after another.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReconciliationProblemReply, ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { CsvDownload } from '../../../components/csv-download';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { describeLoadError } from '../../../components/load-failure';
import { findingsCsvFile, prepareFindingsCsv } from '../lib/findings-csv';
import type { CheckName, CheckWords } from '../lib/reconciliation-words';
import { checks, labelOf, linksOfSubject } from '../lib/reconciliation-words';
import '../reconciliation.css';

type CheckState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; result: ReconciliationResult; at: Date }
  | { status: 'failed'; message: string };

/** How many findings the table shows; the rest are counted. */
const shownFindings = 200;

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function StateOf({ state }: { state: CheckState }) {
  if (state.status === 'idle') return <span className="reconciliation__state">Not run</span>;
  if (state.status === 'running')
    return <span className="reconciliation__state reconciliation__state--running">Running…</span>;
  if (state.status === 'failed')
    return <span className="reconciliation__state reconciliation__state--failed">{state.message}</span>;
  const { checked, problems } = state.result;
  return problems.length === 0 ? (
    <span className="reconciliation__state reconciliation__state--clean">
      Clean · {plural(checked, 'thing', 'things')} checked
    </span>
  ) : (
    <span className="reconciliation__state reconciliation__state--problems">
      {plural(problems.length, 'problem', 'problems')} · {plural(checked, 'thing', 'things')} checked
    </span>
  );
}

/** The subject, with each part that has a page of its own as a link to it. */
function Subject({ subject }: { subject: string }) {
  const links = linksOfSubject(subject);
  if (links.length === 0) return <code className="reconciliation__subject">{subject}</code>;
  const parts = subject.startsWith('lot:') ? [subject] : subject.split('/');
  return (
    <code className="reconciliation__subject">
      {parts.map((part, index) => {
        const link = links.find((candidate) => candidate.text === part);
        return (
          <span key={`${index}-${part}`}>
            {index > 0 ? '/' : null}
            {link ? (
              <Link to={link.to} title={link.title}>
                {part}
              </Link>
            ) : (
              part
            )}
          </span>
        );
      })}
    </code>
  );
}

export function ReconciliationPanel() {
  const [states, setStates] = useState<Record<CheckName, CheckState>>(() => ({
    ledger: { status: 'idle' },
    wallet: { status: 'idle' },
    escrow: { status: 'idle' },
    pie: { status: 'idle' },
    payout: { status: 'idle' },
    stripe: { status: 'idle' },
  }));
  const [runningAll, setRunningAll] = useState(false);
  const set = (name: CheckName, state: CheckState) => setStates((before) => ({ ...before, [name]: state }));

  const runOne = async (check: CheckWords) => {
    set(check.name, { status: 'running' });
    try {
      set(check.name, { status: 'done', result: await check.run(), at: new Date() });
    } catch (error) {
      set(check.name, { status: 'failed', message: describeLoadError(error, 'The check could not run.') });
    }
  };

  const runAll = async () => {
    setRunningAll(true);
    for (const check of checks) await runOne(check);
    setRunningAll(false);
  };

  const anyRunning = runningAll || checks.some((check) => states[check.name].status === 'running');
  const findings: ReconciliationProblemReply[] = checks.flatMap((check) => {
    const state = states[check.name];
    return state.status === 'done' ? state.result.problems : [];
  });
  const ran = checks.filter((check) => states[check.name].status === 'done').length;

  return (
    <section className="reconciliation" aria-labelledby="reconciliation-title">
      <div className="reconciliation__header">
        <div>
          <h2 id="reconciliation-title" className="reconciliation__title">
            Reconciliation
          </h2>
          <p className="staff-page__muted">
            Checks that the money adds up: in the ledger, and against Stripe. The daily job runs them all and
            alerts staff when one finds something.
          </p>
        </div>
        <button
          type="button"
          className="button button--primary"
          disabled={anyRunning}
          onClick={() => void runAll()}
        >
          {runningAll ? 'Running all…' : 'Run all'}
        </button>
      </div>

      <ul className="reconciliation__checks">
        {checks.map((check) => {
          const state = states[check.name];
          return (
            <li key={check.name} className="reconciliation__check" data-check={check.name}>
              <div className="reconciliation__check-text">
                <h3 className="reconciliation__check-title">{check.label}</h3>
                <p className="staff-page__muted">{check.summary}</p>
                <p role="status" aria-live="polite">
                  <StateOf state={state} />
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={anyRunning}
                aria-label={`Run the ${check.label.toLowerCase()} check`}
                onClick={() => void runOne(check)}
              >
                Run
              </button>
            </li>
          );
        })}
      </ul>

      {ran > 0 ? (
        findings.length === 0 ? (
          <p className="staff-page__muted">No findings in the {plural(ran, 'check', 'checks')} run.</p>
        ) : (
          <div className="reconciliation__findings">
            <CsvDownload
              fileName={findingsCsvFile}
              label="Download CSV of the findings"
              prepare={() => prepareFindingsCsv(findings)}
            />
            <ScrollTable
              label="Reconciliation findings"
              caption={
                <>
                  {plural(findings.length, 'finding', 'findings')}
                  {findings.length > shownFindings ? `, the first ${shownFindings} shown` : ''}
                </>
              }
              captionClassName="reconciliation__caption"
              headers={['Check', 'Subject', 'Expected', 'Found', 'Message']}
              className="reconciliation__table"
            >
              {findings.slice(0, shownFindings).map((problem, index) => (
                <tr key={`${problem.check}-${problem.subject}-${index}`}>
                  <td>{labelOf(problem.check)}</td>
                  <td>
                    <Subject subject={problem.subject} />
                  </td>
                  <td>{problem.expected}</td>
                  <td>{problem.found}</td>
                  <td>{problem.message}</td>
                </tr>
              ))}
            </ScrollTable>
          </div>
        )
      ) : null}
    </section>
  );
}
