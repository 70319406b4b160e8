// Statements: an admin or accountant downloads the office's transactions or payouts for a period
// as CSV for bookkeeping. The server writes the CSV (GET /api/for-artists/statements); the browser saves it.
import { useId, useState } from 'react';
import { describeLoadError } from '../../../components/load-failure';
import { SettingsPanel } from '../../../components/settings-panel';
import { isApiError } from '../../../lib/api-client';
import { downloadTextFile } from '../../../lib/download-text-file';
import { useOffices } from '../../../lib/offices';
import { productNow } from '../../../lib/product-time';
import { getStatement } from '../api/get-statement';
import '../statements.css';

export const statementsText = {
  title: 'Statements',
  lead: 'Download your office’s transactions or payouts for a period as a CSV file, for your bookkeeping.',
  office: 'Office',
  from: 'From',
  to: 'To',
  kind: 'What to download',
  kinds: { transactions: 'Transactions (every movement of your balance)', payouts: 'Payouts' },
  download: 'Download CSV',
  downloading: 'Preparing...',
  downloaded: (rows: number, name: string) =>
    `${name} is downloaded: ${rows} ${rows === 1 ? 'line' : 'lines'}.`,
  failed: 'The statement could not be made. Please try again.',
  noMoneyRole: 'Only an admin or an accountant of an office can download its statements.',
} as const;

/** `YYYY-MM-DD` of a UTC day. */
function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function firstOfMonth(now: Date): string {
  return dayOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
}

export function StatementsSection() {
  const formId = useId();
  const offices = useOffices();
  const readers = (offices.data ?? []).filter((office) => office.role !== 'member');
  const [officeId, setOfficeId] = useState<string | null>(null);
  const office = readers.find((candidate) => candidate._id === officeId) ?? readers[0] ?? null;
  // Until the person picks dates: this month so far on the product's day (lib/product-time.ts), read at each render,
  // so a clock the local product moved ahead (known from the replies) is the month offered, not the machine's.
  const today = new Date(productNow());
  const [pickedFrom, setFrom] = useState<string | null>(null);
  const [pickedTo, setTo] = useState<string | null>(null);
  const from = pickedFrom ?? firstOfMonth(today);
  const to = pickedTo ?? dayOf(today);
  const [kind, setKind] = useState<'transactions' | 'payouts'>('transactions');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);

  const download = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!office) return;
    setBusy(true);
    setMessage(null);
    try {
      const reply = await getStatement({ officeId: office._id, from, to, kind });
      downloadTextFile(reply.fileName, reply.csv);
      setMessage({ tone: 'done', text: statementsText.downloaded(reply.rowCount, reply.fileName) });
    } catch (error) {
      // SPEC §8: office operation failures are logged; the person gets a clear sentence.
      console.error('Downloading a statement failed', error);
      const fieldMessage = isApiError(error) ? Object.values(error.fields)[0] : undefined;
      setMessage({ tone: 'error', text: fieldMessage ?? describeLoadError(error, statementsText.failed) });
    } finally {
      setBusy(false);
    }
  };

  if (offices.data && readers.length === 0) {
    return (
      <SettingsPanel titleId={`${formId}-title`} title={statementsText.title} className="statements">
        <p className="statements__muted">{statementsText.noMoneyRole}</p>
      </SettingsPanel>
    );
  }
  return (
    <SettingsPanel titleId={`${formId}-title`} title={statementsText.title} className="statements">
      <p className="statements__muted">{statementsText.lead}</p>
      <form className="statements__form" onSubmit={(event) => void download(event)}>
        {readers.length > 1 ? (
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-office`}>
              {statementsText.office}
            </label>
            <select
              id={`${formId}-office`}
              className="field__input field__select"
              value={office?._id ?? ''}
              onChange={(event) => setOfficeId(event.target.value)}
            >
              {readers.map((candidate) => (
                <option key={candidate._id} value={candidate._id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="statements__dates">
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-from`}>
              {statementsText.from}
            </label>
            <input
              id={`${formId}-from`}
              className="field__input"
              type="date"
              required
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${formId}-to`}>
              {statementsText.to}
            </label>
            <input
              id={`${formId}-to`}
              className="field__input"
              type="date"
              required
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
        </div>
        <fieldset className="statements__kinds">
          <legend className="field__label">{statementsText.kind}</legend>
          {(['transactions', 'payouts'] as const).map((value) => (
            <label key={value} className="statements__kind">
              <input
                type="radio"
                name={`${formId}-kind`}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              />
              {statementsText.kinds[value]}
            </label>
          ))}
        </fieldset>
        <div>
          <button
            type="submit"
            className="button button--primary"
            disabled={busy || !office}
            aria-busy={busy}
          >
            {busy ? statementsText.downloading : statementsText.download}
          </button>
        </div>
        <p
          className={`statements__message statements__message--${message?.tone ?? 'none'}`}
          aria-live="polite"
        >
          {message?.text ?? ''}
        </p>
      </form>
    </SettingsPanel>
  );
}
