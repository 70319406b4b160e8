// The verification step of a claim (decision 027), shown on /for-artists/claims/:id after the
// wizard: "Check my Spotify bio" (the OpenPie link in the artist's Spotify bio), "Connect X/YouTube/Facebook/
// Instagram" (the string in a social profile's bio, read once through OAuth), and every attempt made so far.
import { useState } from 'react';
import type { ClaimDetailReply } from '@contracts/claims';
import { verifyBioSchema } from '@contracts/claims';
import type { SocialVerificationPlatform, VerifyBioReply } from '@contracts/verification';
import { socialVerificationPlatforms } from '@contracts/verification';
import { FormAlert } from '../../../components/form/form-alert';
import { TextInput } from '../../../components/form/text-input';
import { describeLoadError } from '../../../components/load-failure';
import { formatDateTime } from '../../../lib/format';
import { useServerForm } from '../../../lib/use-server-form';
import { connectSocial } from '../api/connect-social';
import { useRefreshClaims } from '../lib/refresh-claims';
import { verifyBio } from '../api/verify-bio';
import { describeConnect, platformNames, verificationText } from '../lib/verification-words';
import '../verification.css';

export interface ClaimVerificationProps {
  claim: ClaimDetailReply;
  /** Only an admin of the claim's office verifies (the server decides; the screen only hides). */
  isAdmin: boolean;
  /** Where the browser goes to connect a profile; injectable so tests can watch it. */
  goTo?: (url: string) => void;
}

/** The OpenPie link the artist puts in the Spotify bio: the artist's public page, carrying the string. */
export function buildOpenPieLink(
  origin: string,
  claim: Pick<ClaimDetailReply, 'artistId' | 'verificationString'>,
) {
  return `${origin}/artist-public/${encodeURIComponent(claim.artistId)}?verify=${claim.verificationString}`;
}

function isLocalSite(): boolean {
  return (
    typeof window !== 'undefined' && ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname)
  );
}

export function ClaimVerification({
  claim,
  isAdmin,
  goTo = (url) => window.location.assign(url),
}: ClaimVerificationProps) {
  const pending = claim.status === 'Pending';
  const showForms = pending && isAdmin;
  const spotifyFirst = claim.verificationMethod === 'spotify-bio';
  if (!showForms && claim.verificationAttempts.length === 0) {
    return pending ? <p className="claims__muted">{verificationText.adminOnly}</p> : null;
  }
  return (
    <section className="claims__panel verification" aria-labelledby="verification-title">
      <h2 id="verification-title" className="claims__subtitle">
        {showForms ? verificationText.title : verificationText.doneTitle}
      </h2>
      {showForms ? (
        <>
          <p>{verificationText.intro}</p>
          {isLocalSite() ? (
            <p className="claims__muted">
              {verificationText.sandboxHint}{' '}
              <a href={`/_sandbox/oauth/bios?artist=${encodeURIComponent(claim.artistId)}`}>
                {verificationText.sandboxLink}
              </a>
              .
            </p>
          ) : null}
          <div className={`verification__ways${spotifyFirst ? '' : ' verification__ways--social-first'}`}>
            <SpotifyBioCheck claim={claim} />
            <SocialConnect claim={claim} goTo={goTo} />
          </div>
        </>
      ) : pending ? (
        <p className="claims__muted">{verificationText.adminOnly}</p>
      ) : null}
      {claim.verificationAttempts.length > 0 ? <AttemptsTable claim={claim} /> : null}
    </section>
  );
}

function SpotifyBioCheck({ claim }: { claim: ClaimDetailReply }) {
  const refreshClaims = useRefreshClaims();
  const [outcome, setOutcome] = useState<VerifyBioReply | null>(null);
  const form = useServerForm({
    schema: verifyBioSchema,
    defaultValues: {
      spotifyArtistUrl: `https://open.spotify.com/artist/${claim.artistId}`,
      openPieLink: buildOpenPieLink(window.location.origin, claim),
    },
    fallback: verificationText.spotifyFailed,
  });
  const submit = form.submitWith(async (values) => {
    setOutcome(null);
    try {
      const reply = await verifyBio(claim._id, values);
      setOutcome(reply);
      await refreshClaims();
    } catch (error) {
      // SPEC §8: office operations log their failure; the form still says what went wrong.
      console.error('Checking the Spotify bio failed', error);
      throw error;
    }
  });
  const busy = form.formState.isSubmitting;
  const [copied, setCopied] = useState(false);
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(form.getValues('openPieLink'));
      setCopied(true);
    } catch {
      // Some browsers refuse the clipboard: the link stays selectable in its field.
      setCopied(false);
    }
  };
  return (
    <form
      className="verification__way"
      aria-labelledby="verify-spotify-title"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <h3 id="verify-spotify-title" className="verification__way-title">
        {verificationText.spotifyTitle}
      </h3>
      <p className="claims__muted">{verificationText.spotifyHint}</p>
      <TextInput
        label={verificationText.openPieLink}
        hint={verificationText.openPieHint}
        required
        {...form.bindField('openPieLink')}
      />
      <div>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void copyLink()}
        >
          {copied ? verificationText.linkCopied : verificationText.copyLink}
        </button>
      </div>
      <TextInput
        label={verificationText.spotifyUrl}
        required
        inputMode="url"
        {...form.bindField('spotifyArtistUrl')}
      />
      {form.failure ? <FormAlert>{form.failure}</FormAlert> : null}
      {outcome?.found ? <FormAlert tone="success">{verificationText.spotifyFound}</FormAlert> : null}
      {outcome && !outcome.found ? (
        <FormAlert title={verificationText.spotifyMissed}>{outcome.attempt.detail ?? ''}</FormAlert>
      ) : null}
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? verificationText.checking : verificationText.checkSpotify}
        </button>
      </div>
    </form>
  );
}

function SocialConnect({ claim, goTo }: { claim: ClaimDetailReply; goTo: (url: string) => void }) {
  const [busy, setBusy] = useState<SocialVerificationPlatform | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = socialVerificationPlatforms.find((platform) => platform === claim.selectedPlatform);
  const ordered = chosen
    ? [chosen, ...socialVerificationPlatforms.filter((platform) => platform !== chosen)]
    : [...socialVerificationPlatforms];

  const connect = async (platform: SocialVerificationPlatform) => {
    setBusy(platform);
    setFailure(null);
    try {
      const { authorizeUrl } = await connectSocial(claim._id, platform);
      goTo(authorizeUrl);
    } catch (error) {
      console.error('Starting the social verification failed', error);
      setFailure(describeLoadError(error, verificationText.connectFailed));
      setBusy(null);
    }
  };

  return (
    <div className="verification__way" role="group" aria-labelledby="verify-social-title">
      <h3 id="verify-social-title" className="verification__way-title">
        {verificationText.socialTitle}
      </h3>
      <p className="claims__muted">{verificationText.socialHint}</p>
      <div className="verification__buttons">
        {ordered.map((platform, index) => (
          <button
            key={platform}
            type="button"
            className={`button ${index === 0 && chosen ? 'button--primary' : 'button--secondary'}`}
            disabled={busy !== null}
            onClick={() => void connect(platform)}
          >
            {busy === platform ? verificationText.connecting : describeConnect(platform)}
          </button>
        ))}
      </div>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </div>
  );
}

function AttemptsTable({ claim }: { claim: ClaimDetailReply }) {
  return (
    <div className="verification__attempts">
      <h3 id="verification-attempts-title" className="verification__way-title">
        {verificationText.attemptsTitle}
      </h3>
      <div className="table-wrap" role="region" aria-labelledby="verification-attempts-caption" tabIndex={0}>
        <table className="data-table">
          <caption id="verification-attempts-caption" className="visually-hidden">
            {verificationText.attemptsCaption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{verificationText.when}</th>
              <th scope="col">{verificationText.where}</th>
              <th scope="col">{verificationText.outcome}</th>
              <th scope="col">{verificationText.what}</th>
            </tr>
          </thead>
          <tbody>
            {claim.verificationAttempts.map((attempt) => (
              <tr key={`${attempt.at}-${attempt.platform}`}>
                <td>{formatDateTime(attempt.at)}</td>
                <td>{platformNames[attempt.platform]}</td>
                <td>
                  <span
                    className={`verification__outcome verification__outcome--${attempt.found ? 'found' : 'missed'}`}
                  >
                    {attempt.found ? verificationText.found : verificationText.notFound}
                  </span>
                </td>
                <td className="verification__detail">{attempt.detail ?? attempt.checked}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
