// /report: a fan tells staff that an artist's claim looks wrong. Opened from an artist's page as /report?artist=<id>;
// a fan coming from elsewhere pastes the artist's Spotify link.
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import * as z from 'zod/mini';
import { claimReportReasonField, claimReportRules } from '@contracts/fan-profile';
import { FormAlert } from '../../../components/form/form-alert';
import { TextArea } from '../../../components/form/text-area';
import { TextInput } from '../../../components/form/text-input';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useServerForm } from '../../../lib/use-server-form';
import { useArtistDetails } from '../../../lib/api/get-artist-details';
import { reportClaim } from '../api/report-claim';
import '../fan-profile.css';

export const reportText = {
  title: 'Report a claim',
  lead: 'If an artist profile seems to be claimed by someone who is not the artist or their team, tell us here. Our staff review every report before money moves.',
  artist: "Artist's Spotify link or id",
  artistHint: 'For example https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF',
  artistInvalid: 'Paste the link of the artist on Spotify, or their Spotify id',
  reason: 'What looks wrong?',
  reasonHint: `${claimReportRules.minLength} to ${claimReportRules.maxLength} characters. Tell us what you know, and how.`,
  submit: 'Send report',
  submitting: 'Sending...',
  failed: 'We could not send your report. Please try again.',
  sentTitle: 'Thank you, your report is in',
  sent: 'Our staff will look into this claim. Nothing changes for the artist until they have.',
  another: 'Report another claim',
} as const;

/** The Spotify artist id in a link (`open.spotify.com/artist/<id>`, `spotify:artist:<id>`) or the id itself. */
export function readArtistId(value: string): string | null {
  const text = value.trim();
  const fromLink = /(?:artist[/:])([A-Za-z0-9]{1,64})/.exec(text)?.[1];
  if (fromLink) return fromLink;
  return /^[A-Za-z0-9]{1,64}$/.test(text) ? text : null;
}

const reportFormSchema = z.object({
  artist: z.string().check(z.refine((value) => readArtistId(value) !== null, reportText.artistInvalid)),
  reason: claimReportReasonField,
});
type ReportForm = z.infer<typeof reportFormSchema>;

export function ReportClaimScreen() {
  useDocumentTitle('Report a claim · OpenPie');
  const [searchParams] = useSearchParams();
  const prefilled = searchParams.get('artist') ?? '';
  const [sent, setSent] = useState(false);
  const { register, describeField, submitWith, failure, formState, reset, control } =
    useServerForm<ReportForm>({
      schema: reportFormSchema,
      defaultValues: { artist: prefilled, reason: '' },
      fallback: reportText.failed,
    });
  const reasonLength = useWatch({ control, name: 'reason' }).trim().length;
  const artistValue = useWatch({ control, name: 'artist' });
  // The page an artist's page opened names its artist; a pasted link is checked by the server on sending.
  const prefilledId = readArtistId(prefilled);
  const { data: prefilledArtist } = useArtistDetails(prefilledId);
  const namedArtist =
    prefilledArtist && readArtistId(artistValue) === prefilledArtist.id ? prefilledArtist.name : null;

  const submit = submitWith(async ({ artist, reason }) => {
    const artistId = readArtistId(artist);
    if (!artistId) return;
    await reportClaim(artistId, { reason });
    setSent(true);
  });

  return (
    <div className="reading-screen report-claim">
      <h1 className="fan-profile__title">{reportText.title}</h1>
      <p className="report-claim__lead">{reportText.lead}</p>
      <div aria-live="polite">
        {sent ? (
          <section className="coming-soon__panel" aria-labelledby="report-sent">
            <h2 id="report-sent" className="coming-soon__subtitle">
              {reportText.sentTitle}
            </h2>
            <p>{reportText.sent}</p>
            <div className="fan-settings__actions">
              <Link className="button button--primary" to={paths.fan.dashboard()}>
                Back to your dashboard
              </Link>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  reset({ artist: '', reason: '' });
                  setSent(false);
                }}
              >
                {reportText.another}
              </button>
            </div>
          </section>
        ) : null}
      </div>
      {sent ? null : (
        <form
          className="coming-soon__panel fan-settings__form"
          noValidate
          onSubmit={submit}
          aria-label={reportText.title}
        >
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          {namedArtist ? (
            <p className="report-claim__artist">
              You are reporting the claim on <strong>{namedArtist}</strong>.
            </p>
          ) : null}
          <TextInput
            label={reportText.artist}
            hint={reportText.artistHint}
            required
            autoComplete="off"
            {...describeField('artist')}
            {...register('artist')}
          />
          <TextArea
            label={reportText.reason}
            hint={reportText.reasonHint}
            count={`${reasonLength} / ${claimReportRules.maxLength}`}
            rows={6}
            required
            {...describeField('reason')}
            {...register('reason')}
          />
          <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? reportText.submitting : reportText.submit}
          </button>
        </form>
      )}
    </div>
  );
}
