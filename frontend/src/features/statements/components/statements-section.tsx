// Statements: an admin or accountant downloads the office's transactions or payouts for a period
// as CSV for bookkeeping. The server writes the CSV (GET /api/for-artists/statements); the browser saves it.
import { useEffect, useId, useState } from 'react';
import * as z from 'zod/mini';
import { statementKinds, statementQuerySchema } from '@contracts/give-back';
import { Field } from '../../../components/form/field';
import { SettingsPanel } from '../../../components/settings-panel';
import { downloadTextFile } from '../../../lib/download-text-file';
import { useOffices } from '../../../lib/offices';
import { productNow } from '../../../lib/product-time';
import { useServerForm } from '../../../lib/use-server-form';
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

/** The period and what to download, as the statement's query checks them; the office is chosen beside them. */
const statementFormSchema = z.object({
  from: statementQuerySchema.shape.from,
  to: statementQuerySchema.shape.to,
  kind: statementQuerySchema.shape.kind,
});
type StatementForm = z.infer<typeof statementFormSchema>;

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
  const suggestedFrom = firstOfMonth(today);
  const suggestedTo = dayOf(today);
  const [done, setDone] = useState<string | null>(null);
  const { register, describeField, getFieldState, setValue, submitWith, failure, formState } =
    useServerForm<StatementForm>({
      schema: statementFormSchema,
      defaultValues: { from: suggestedFrom, to: suggestedTo, kind: 'transactions' },
      fallback: statementsText.failed,
    });
  useEffect(() => {
    if (!getFieldState('from').isDirty) setValue('from', suggestedFrom);
    if (!getFieldState('to').isDirty) setValue('to', suggestedTo);
  }, [getFieldState, setValue, suggestedFrom, suggestedTo]);
  const busy = formState.isSubmitting;
  const message = done ? { tone: 'done', text: done } : failure ? { tone: 'error', text: failure } : null;

  const download = submitWith(async (period) => {
    if (!office) return;
    try {
      const reply = await getStatement({ officeId: office._id, ...period });
      downloadTextFile(reply.fileName, reply.csv);
      setDone(statementsText.downloaded(reply.rowCount, reply.fileName));
    } catch (error) {
      // SPEC §8: office operation failures are logged; the person gets a clear sentence.
      console.error('Downloading a statement failed', error);
      throw error;
    }
  });

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
      <form
        className="statements__form"
        onSubmit={(event) => {
          setDone(null);
          void download(event);
        }}
        noValidate
      >
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
          {(['from', 'to'] as const).map((name) => {
            const field = describeField(name);
            return (
              <Field
                key={name}
                id={`${formId}-${name}`}
                label={statementsText[name]}
                visibleError={field.touched ? field.error : undefined}
              >
                {(control) => (
                  <input {...control} className="field__input" type="date" required {...register(name)} />
                )}
              </Field>
            );
          })}
        </div>
        <fieldset className="statements__kinds">
          <legend className="field__label">{statementsText.kind}</legend>
          {statementKinds.map((value) => (
            <label key={value} className="statements__kind">
              <input type="radio" value={value} {...register('kind')} />
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
