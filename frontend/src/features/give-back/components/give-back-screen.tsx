// /for-artists/give-back: an admin of the selected office gives part of what the office received
// for one artist back to the fans who funded that artist in the last 12 months, pro rata to what each gave, as
// credit for their next pie. The screen shows what is available, previews each fan's part of an amount (the same
// computation the give-back makes), asks for confirmation, then sends the give-back with a request id made once per
// confirmation. An accountant sees what the office gave back; a member's role does not include money.
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import type { GiveBackPreviewReply, GiveBackReply } from '@contracts/give-back';
import type { OfficeReply } from '@contracts/offices';
import { ConfirmationDialog } from '../../../components/confirm-dialog';
import { SelectField } from '../../../components/form/select-field';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { OfficePicker } from '../../../components/office-picker';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useServerForm } from '../../../lib/use-server-form';
import { useOffices } from '../../../lib/offices';
import { postGiveBack } from '../api/create-give-back';
import { useGiveBackOverview } from '../api/get-give-back-overview';
import { useGiveBackPreview } from '../api/get-give-back-preview';
import { useRefreshBalances } from '../lib/give-back-cache';
import '../../../components/office-page.css';
import '../give-back.css';
import { newRequestId, parseDollarsToCents } from '../lib/amount';

export const giveBackText = {
  title: 'Give back',
  lead: 'Give part of an artist’s money back to the fans who funded them in the last 12 months. Each fan receives a share in proportion to what they gave, as credit for their next pie, and gets an e-mail about it.',
  artist: 'Artist',
  noArtists:
    'Your office has no artist with money yet. Once a claim succeeds, what fans set aside for the artist comes to your office, and you can give part of it back here.',
  noMoneyRole: 'Your role in this office does not include its funds. An admin can change your role.',
  adminOnly: 'Only an admin of this office can give back.',
  officesFailed: 'We could not load your offices.',
  failed: 'We could not load what your office can give back.',
  loading: 'Loading...',
  availableTitle: 'Available to give back',
  received: 'Received for this artist',
  givenBack: 'Given back so far',
  available: 'Available now',
  fans: 'Fans who funded the artist in the last 12 months',
  nothingAvailable: 'There is nothing to give back for this artist right now.',
  amount: 'Amount to give back (USD)',
  amountHint: 'For example 25 or 25.50.',
  amountInvalid: 'Enter an amount in dollars and cents, like 25.50.',
  preview: 'Preview',
  sharesCaption: 'What each fan would receive (fans are not named)',
  fanColumn: 'Fan',
  gaveColumn: 'Gave in the last 12 months',
  receivesColumn: 'Receives',
  more: (shown: number, total: number) => `The ${shown} largest shares of ${total} are shown.`,
  giveBack: (amount: string) => `Give back ${amount}`,
  confirmTitle: (amount: string, fans: number) =>
    `Give ${amount} back to ${fans} ${fans === 1 ? 'fan' : 'fans'}?`,
  confirmText:
    'The money leaves your office’s balance now and goes to the fans’ wallets as credit for their next pie. It cannot be taken back.',
  cancel: 'Cancel',
  confirm: 'Give back',
  confirming: 'Giving back...',
  done: (amount: string, fans: number) =>
    `Done: ${amount} went back to ${fans} ${fans === 1 ? 'fan' : 'fans'}. Each one gets an e-mail.`,
  sendFailed: 'The give-back could not be made. Nothing was taken from your balance. Please try again.',
  historyTitle: 'What your office gave back',
  historyEmpty: 'Your office has not given anything back yet.',
  historyCaption: 'Give-backs of this office, newest first',
  statusWords: { pending: 'Being made', done: 'Done', refused: 'Refused' },
} as const;

function FigureList({ preview }: { preview: GiveBackPreviewReply }) {
  return (
    <dl className="give-back__figures">
      <div>
        <dt>{giveBackText.received}</dt>
        <dd>{formatMoney(preview.receivedCents)}</dd>
      </div>
      <div>
        <dt>{giveBackText.givenBack}</dt>
        <dd>{formatMoney(preview.givenBackCents)}</dd>
      </div>
      <div>
        <dt>{giveBackText.fans}</dt>
        <dd>{preview.fanCount}</dd>
      </div>
      <div className="give-back__figure--strong">
        <dt>{giveBackText.available}</dt>
        <dd>{formatMoney(preview.availableCents)}</dd>
      </div>
    </dl>
  );
}

function SharesTable({ preview }: { preview: GiveBackPreviewReply }) {
  return (
    <div className="table-wrap" role="region" aria-label={giveBackText.sharesCaption} tabIndex={0}>
      <table className="data-table">
        <caption>{giveBackText.sharesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{giveBackText.fanColumn}</th>
            <th scope="col">{giveBackText.gaveColumn}</th>
            <th scope="col">{giveBackText.receivesColumn}</th>
          </tr>
        </thead>
        <tbody>
          {preview.shares.map((share) => (
            <tr key={share.label}>
              <th scope="row">{share.label}</th>
              <td>{formatMoney(share.gaveCents)}</td>
              <td>{formatMoney(share.receivesCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {preview.shares.length < preview.fanCount ? (
        <p className="office-page__muted">{giveBackText.more(preview.shares.length, preview.fanCount)}</p>
      ) : null}
    </div>
  );
}

/** An amount a person can type: dollars and cents, more than nothing (lib/amount.ts reads it). */
const amountFormSchema = z.object({
  amount: z.string().check(
    z.refine((text) => {
      const cents = parseDollarsToCents(text);
      return cents !== null && cents > 0;
    }, giveBackText.amountInvalid),
  ),
});
type AmountForm = z.infer<typeof amountFormSchema>;

function GiveBackForm({ officeId, artistId }: { officeId: string; artistId: string }) {
  const amountId = useId();
  const hintId = useId();
  const errorId = useId();
  const [asked, setAsked] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<{ requestId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);
  const { register, reset, describeField, submitWith } = useServerForm<AmountForm>({
    schema: amountFormSchema,
    defaultValues: { amount: '' },
    fallback: giveBackText.failed,
  });
  const preview = useGiveBackPreview(officeId, artistId, asked);
  const refreshBalances = useRefreshBalances();
  const current = preview.data;
  const previewError = preview.error;
  const typed = describeField('amount');
  const fieldError =
    (typed.touched ? typed.error : undefined) ??
    (isApiError(previewError) && previewError.status === 422
      ? (previewError.fields['amountCents'] ?? previewError.message)
      : null);
  const ready = current && asked !== null && current.amountCents === asked && !previewError;

  const showPreview = submitWith(async ({ amount }) => {
    setMessage(null);
    setAsked(parseDollarsToCents(amount));
  });

  const send = async () => {
    if (!confirming || asked === null) return;
    setBusy(true);
    try {
      const reply: GiveBackReply = await postGiveBack({
        officeId,
        artistId,
        amountCents: asked,
        requestId: confirming.requestId,
      });
      setConfirming(null);
      setAsked(null);
      reset({ amount: '' });
      setMessage({ tone: 'done', text: giveBackText.done(formatMoney(reply.amountCents), reply.fanCount) });
      await refreshBalances();
    } catch (error) {
      // SPEC §8: office operation failures are logged; the person gets a clear sentence.
      console.error('Give-back failed', error);
      setConfirming(null);
      setMessage({ tone: 'error', text: describeLoadError(error, giveBackText.sendFailed) });
    } finally {
      setBusy(false);
    }
  };

  if (!current && previewError) {
    return (
      <LoadFailure
        message={describeLoadError(previewError, giveBackText.failed)}
        onRetry={() => void preview.mutate()}
      />
    );
  }
  if (!current) {
    return (
      <p className="office-page__muted" role="status">
        {giveBackText.loading}
      </p>
    );
  }
  const amountWords = asked === null ? '' : formatMoney(asked);
  return (
    <>
      <FigureList preview={current} />
      {current.availableCents === 0 ? (
        <p className="office-page__muted">{giveBackText.nothingAvailable}</p>
      ) : (
        <form className="give-back__form" onSubmit={(event) => void showPreview(event)} noValidate>
          <div className="field">
            <label className="field__label" htmlFor={amountId}>
              {giveBackText.amount}
            </label>
            <input
              id={amountId}
              className="field__input give-back__amount"
              inputMode="decimal"
              autoComplete="off"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${hintId} ${errorId}` : hintId}
              {...register('amount')}
            />
            <p id={hintId} className="field__hint">
              {giveBackText.amountHint}
            </p>
            {fieldError ? (
              <p id={errorId} className="field__error" role="alert">
                {fieldError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button--secondary">
            {giveBackText.preview}
          </button>
        </form>
      )}
      {ready && current.shares.length > 0 ? (
        <>
          <SharesTable preview={current} />
          <button
            type="button"
            className="button button--primary give-back__confirm"
            onClick={() => setConfirming({ requestId: newRequestId() })}
          >
            {giveBackText.giveBack(amountWords)}
          </button>
        </>
      ) : null}
      <p className={`give-back__message give-back__message--${message?.tone ?? 'none'}`} aria-live="polite">
        {message?.text ?? ''}
      </p>
      <ConfirmationDialog
        open={confirming !== null}
        busy={busy}
        onCancel={() => setConfirming(null)}
        title={giveBackText.confirmTitle(amountWords, current.shares.length)}
        description={giveBackText.confirmText}
        labels={giveBackText}
        tone="danger"
        onConfirm={() => void send()}
      />
    </>
  );
}

function HistoryTable({ history }: { history: readonly GiveBackReply[] }) {
  if (history.length === 0) return <p className="office-page__muted">{giveBackText.historyEmpty}</p>;
  return (
    <div className="table-wrap" role="region" aria-label={giveBackText.historyCaption} tabIndex={0}>
      <table className="data-table">
        <caption className="visually-hidden">{giveBackText.historyCaption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Artist</th>
            <th scope="col">Amount</th>
            <th scope="col">Fans</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {history.map((item) => (
            <tr key={item.requestId}>
              <th scope="row">{formatDate(item.createdAt)}</th>
              <td>{item.artistName}</td>
              <td>{formatMoney(item.amountCents)}</td>
              <td>{item.fanCount}</td>
              <td>{giveBackText.statusWords[item.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OfficeGiveBack({ office }: { office: OfficeReply }) {
  const [params, setParams] = useSearchParams();
  const overview = useGiveBackOverview(office._id);
  const refused = isApiError(overview.error) && overview.error.status === 403;
  const artists = overview.data?.artists ?? [];
  const asked = params.get('artistId');
  const artist = artists.find((candidate) => candidate.artistId === asked) ?? artists[0] ?? null;
  const isAdmin = office.role === 'admin';

  if (refused) return <p className="office-page__muted">{giveBackText.noMoneyRole}</p>;
  if (overview.error) {
    return (
      <LoadFailure
        message={describeLoadError(overview.error, giveBackText.failed)}
        onRetry={() => void overview.mutate()}
      />
    );
  }
  if (!overview.data) {
    return (
      <p className="office-page__muted" role="status">
        {giveBackText.loading}
      </p>
    );
  }
  return (
    <>
      <section className="office-page__panel give-back__panel" aria-labelledby="give-back-available-title">
        <h2 id="give-back-available-title" className="office-page__subtitle">
          {giveBackText.availableTitle}
        </h2>
        {artists.length === 0 ? <p className="office-page__muted">{giveBackText.noArtists}</p> : null}
        {artists.length > 1 ? (
          <SelectField
            id="give-back-artist"
            label={giveBackText.artist}
            options={artists.map((candidate) => ({ value: candidate.artistId, label: candidate.artistName }))}
            value={artist?.artistId ?? ''}
            onChange={(event) => setParams({ artistId: event.target.value }, { replace: true })}
          />
        ) : null}
        {artist && artists.length === 1 ? <p className="give-back__artist">{artist.artistName}</p> : null}
        {artist && !isAdmin ? <p className="office-page__muted">{giveBackText.adminOnly}</p> : null}
        {artist && isAdmin ? (
          <GiveBackForm
            key={`${office._id}:${artist.artistId}`}
            officeId={office._id}
            artistId={artist.artistId}
          />
        ) : null}
      </section>
      <section className="office-page__panel give-back__panel" aria-labelledby="give-back-history-title">
        <h2 id="give-back-history-title" className="office-page__subtitle">
          {giveBackText.historyTitle}
        </h2>
        <HistoryTable history={overview.data.history} />
      </section>
    </>
  );
}

export function GiveBackScreen() {
  useDocumentTitle('Give back · OpenPie for Artists');
  const offices = useOffices();
  const [chosenOfficeId, setChosenOfficeId] = useState<string | null>(null);
  const office =
    offices.data?.find((candidate) => candidate._id === chosenOfficeId) ?? offices.data?.[0] ?? null;
  return (
    <div className="wide-screen give-back">
      <header>
        <h1 className="office-page__title">{giveBackText.title}</h1>
        <p className="office-page__lead give-back__lead">{giveBackText.lead}</p>
      </header>
      {offices.error ? (
        <LoadFailure
          message={describeLoadError(offices.error, giveBackText.officesFailed)}
          onRetry={() => void offices.mutate()}
        />
      ) : null}
      <OfficePicker
        id="give-back-office"
        offices={offices.data}
        office={office}
        onChoose={setChosenOfficeId}
      />
      {office ? <OfficeGiveBack key={office._id} office={office} /> : null}
    </div>
  );
}
