// The eight result pages of social verification (SPEC §2): /for-artists/verify/<platform>/success|failed,
// where the OAuth callback sends the browser with `claimId` and, when it failed, `reason`. Each says what was found
// (the claim's latest attempt on that platform) and what to do next.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { SocialVerificationPlatform } from '@contracts/verification';
import { verificationResultQuerySchema } from '@contracts/verification';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError } from '../../../components/load-failure';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { connectSocial } from '../api/connect-social';
import { useClaimDetail } from '../../../lib/claim-detail';
import {
  describeFailure,
  describeFailureTitle,
  describeFix,
  describeSuccess,
  describeSuccessTitle,
  resultText,
  verificationText,
} from '../lib/verification-words';
import '../verification.css';

export interface VerificationResultScreenProps {
  platform: SocialVerificationPlatform;
  outcome: 'success' | 'failed';
  /** Where the browser goes to try again; injectable so tests can watch it. */
  goTo?: (url: string) => void;
}

export function VerificationResultScreen({
  platform,
  outcome,
  goTo = (url) => window.location.assign(url),
}: VerificationResultScreenProps) {
  const [search] = useSearchParams();
  const parsed = verificationResultQuerySchema.safeParse({
    claimId: search.get('claimId') ?? undefined,
    reason: search.get('reason') ?? undefined,
  });
  const query = parsed.success ? parsed.data : {};
  const claimId = query.claimId ?? null;
  const claim = useClaimDetail(claimId);
  const [retrying, setRetrying] = useState(false);
  const [retryFailure, setRetryFailure] = useState<string | null>(null);
  const succeeded = outcome === 'success';
  const title = succeeded ? describeSuccessTitle(platform) : describeFailureTitle(platform);
  useDocumentTitle(`${title} · OpenPie for Artists`);

  const detail = claim.data;
  const latest = detail?.verificationAttempts.filter((attempt) => attempt.platform === platform).at(-1);
  const canRetry = !succeeded && detail?.status === 'Pending';

  const retry = async () => {
    if (!claimId) return;
    setRetrying(true);
    setRetryFailure(null);
    try {
      goTo((await connectSocial(claimId, platform)).authorizeUrl);
    } catch (error) {
      console.error('Starting the social verification again failed', error);
      setRetryFailure(describeLoadError(error, verificationText.connectFailed));
      setRetrying(false);
    }
  };

  return (
    <div className="reading-screen claims verification-result">
      <header>
        <p className={`verification-result__mark verification-result__mark--${outcome}`} aria-hidden="true">
          {succeeded ? '✓' : '!'}
        </p>
        <h1 className="claims__title">{title}</h1>
      </header>
      <section className="claims__panel" aria-labelledby="verification-result-what">
        <h2 id="verification-result-what" className="claims__subtitle">
          {resultText.whatWeRead}
        </h2>
        <p>
          {succeeded
            ? describeSuccess(platform, detail?.artistName ?? null)
            : describeFailure(platform, query.reason)}
        </p>
        {claimId && !detail && !claim.error ? (
          <p className="claims__muted" role="status">
            {resultText.loading}
          </p>
        ) : null}
        {latest?.detail ? <p className="verification__detail">{latest.detail}</p> : null}
        {succeeded ? <p className="claims__muted">{resultText.successNext}</p> : null}
      </section>
      {!succeeded ? (
        <section className="claims__panel" aria-labelledby="verification-result-fix">
          <h2 id="verification-result-fix" className="claims__subtitle">
            {resultText.fixTitle}
          </h2>
          <p>{describeFix(platform, detail?.verificationString ?? null)}</p>
          {retryFailure ? <FormAlert>{retryFailure}</FormAlert> : null}
        </section>
      ) : null}
      <div className="verification__buttons">
        {canRetry ? (
          <button
            type="button"
            className="button button--primary"
            disabled={retrying}
            onClick={() => void retry()}
          >
            {retrying ? verificationText.connecting : resultText.tryAgain}
          </button>
        ) : null}
        {claimId ? (
          <Link className="button button--secondary" to={paths.artist.claim({ id: claimId })}>
            {resultText.back}
          </Link>
        ) : (
          <Link className="button button--secondary" to={paths.artist.artists()}>
            {resultText.artists}
          </Link>
        )}
      </div>
    </div>
  );
}
