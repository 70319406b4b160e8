// Escrow aging run by staff (decision 041): what is held and what is due now, then, when staff ask to run it, exactly
// what it will touch (the lots due and their total, per artist) and a required reason; the run's outcome after. A
// second run, or two at once, move nothing twice: the server returns each lot once.
import { useState } from 'react';
import type { ProcessPayoutsResult } from '@contracts/admin-escrow';
import { processPayoutsBodySchema } from '@contracts/admin-escrow';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { StaffReasonField } from '../../../components/staff-page/staff-reason-field';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useServerForm } from '../../../lib/use-server-form';
import { useEscrowDue } from '../api/get-escrow-due';
import { runEscrowAging } from '../api/run-escrow-aging';

/** Artists the preview names one by one; the rest are counted. */
const previewArtists = 10;

export const agingWords = {
  title: 'Escrow aging',
  lead: 'Money held longer than the holding period goes back to the fans who gave it. The job runs every night; you can run it now.',
  open: 'Run escrow aging now…',
  confirmTitle: 'Check what escrow aging will touch',
  run: 'Run escrow aging',
  running: 'Running…',
  cancel: 'Cancel',
  failed: 'We could not run escrow aging. Nothing was moved twice; please try again.',
  loadFailed: 'We could not read what is held.',
} as const;

function describeRun(result: ProcessPayoutsResult): string {
  const parts = [
    `Returned ${formatMoney(result.returnedCents)} in ${result.returnedLots} ${result.returnedLots === 1 ? 'lot' : 'lots'} to fans`,
    result.releasedLots > 0
      ? `released ${formatMoney(result.releasedCents)} in ${result.releasedLots} lots to claimed artists' offices`
      : null,
  ].filter((part): part is string => part !== null);
  const rest = result.complete ? '' : ' The run stopped at its time limit: run it again for the rest.';
  return `${parts.join('; ')}. Recorded in the audit log.${rest}`;
}

export function EscrowAgingPanel({ onRan }: { onRan: () => void }) {
  const due = useEscrowDue();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const { bindField, submitWith, failure, formState, reset } = useServerForm<{ reason: string }>({
    schema: processPayoutsBodySchema,
    defaultValues: { reason: '' },
    fallback: agingWords.failed,
  });

  const submit = submitWith(async (payload) => {
    const result = await runEscrowAging(payload);
    setOutcome(describeRun(result));
    setConfirming(false);
    reset({ reason: '' });
    await due.mutate();
    onRan();
  });

  const preview = due.data;
  return (
    <section className="staff-page__panel" aria-labelledby="escrow-aging-title">
      <h2 id="escrow-aging-title" className="staff-page__subtitle">
        {agingWords.title}
      </h2>
      <p className="staff-page__muted">{agingWords.lead}</p>
      {due.error ? (
        <LoadFailure
          message={describeLoadError(due.error, agingWords.loadFailed)}
          onRetry={() => void due.mutate()}
        />
      ) : null}
      {preview ? (
        <dl className="staff-escrow__facts">
          <div>
            <dt>Held now</dt>
            <dd>{formatMoney(preview.heldCents)}</dd>
          </div>
          <div>
            <dt>Lots held</dt>
            <dd>{preview.heldLots}</dd>
          </div>
          <div>
            <dt>Due to return now</dt>
            <dd>{formatMoney(preview.cents)}</dd>
          </div>
          <div>
            <dt>Lots due</dt>
            <dd>
              {preview.lots} ({preview.fans} {preview.fans === 1 ? 'fan' : 'fans'})
            </dd>
          </div>
        </dl>
      ) : due.error ? null : (
        <p className="staff-page__muted" role="status">
          Loading what is held...
        </p>
      )}
      <div aria-live="polite">{outcome ? <FormAlert tone="success">{outcome}</FormAlert> : null}</div>
      {!confirming ? (
        <button
          type="button"
          className="button button--primary staff-escrow__start"
          disabled={!preview}
          onClick={() => {
            setOutcome(null);
            setConfirming(true);
            void due.mutate();
          }}
        >
          {agingWords.open}
        </button>
      ) : (
        <form
          className="staff-escrow__confirm"
          noValidate
          onSubmit={submit}
          aria-labelledby="escrow-aging-confirm"
        >
          <h3 id="escrow-aging-confirm" className="staff-escrow__minor-title">
            {agingWords.confirmTitle}
          </h3>
          {preview ? (
            <>
              <p>
                {preview.lots === 0
                  ? `Nothing is due as of ${formatDateTime(preview.asOf)}: a run returns nothing (claimed artists' lots left held still go to their offices).`
                  : `As of ${formatDateTime(preview.asOf)}, ${preview.lots} ${preview.lots === 1 ? 'lot' : 'lots'} worth ${formatMoney(preview.cents)} go back to ${preview.fans} ${preview.fans === 1 ? 'fan' : 'fans'}:`}
              </p>
              {preview.artists.length > 0 ? (
                <ul className="staff-escrow__list">
                  {preview.artists.slice(0, previewArtists).map((artist) => (
                    <li key={artist.artistKey}>
                      {artist.artistName}: {formatMoney(artist.cents)} in {artist.lots}{' '}
                      {artist.lots === 1 ? 'lot' : 'lots'}
                    </li>
                  ))}
                  {preview.artists.length > previewArtists ? (
                    <li>and {preview.artists.length - previewArtists} more artists</li>
                  ) : null}
                </ul>
              ) : null}
            </>
          ) : null}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <StaffReasonField {...bindField('reason')} />
          <div className="staff-escrow__actions">
            <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? agingWords.running : agingWords.run}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={formState.isSubmitting}
              onClick={() => setConfirming(false)}
            >
              {agingWords.cancel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
