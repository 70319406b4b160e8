// /try (SPEC §2 "Promo page", §8): while free pies last, a new fan signs up with promo 'try' and gets a
// free 5 dollar pie. Four states for a visitor: checking, unavailable, form, success. A fan who is already signed in
// sees their own offer instead: start the free pie, or why they cannot.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PieSummary } from '@contracts/payments';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { PieFacts } from '../../../components/pie-facts';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { usePromoAvailability } from '../api/get-promo-availability';
import { usePromoEligibility } from '../api/get-promo-eligibility';
import type { PromoHumanCheck } from '../lib/promo-human-check';
import { FreePieOffer } from './free-pie-offer';
import { FreePieSteps, listMissingSteps } from './free-pie-steps';
import '../promo.css';

export const tryScreenText = {
  checking: 'Checking whether free pies are available…',
  // SPEC §2 "Unavailable".
  unavailableTitle: 'No promotion codes are available',
  unavailableHint: 'Please try later or contact our support',
  homepage: 'Go to the homepage',
  // SPEC §2 "Form".
  bannerTitle: 'Try OpenPie for free',
  bannerLead:
    'Sign up now and your first pie is on us: 5 dollars for the artists you listen to, split by your listening time. No card needed.',
  socialTitle: 'Sign up in one step',
  emailTitle: 'Or sign up with your e-mail address',
  haveAccount: 'Already have an account?',
  logIn: 'Log in',
  plainRegister: 'Sign up without the free pie',
  // SPEC §2 "Success".
  successTitle: 'Welcome to OpenPie!',
  successCreated: 'Your account has been created and your free promo code has been applied.',
  successVerify: 'Please check your email to verify your address and start using your free 5 dollar pie.',
  goToLogin: 'Go to Login',
  // A fan who is signed in.
  signedInTitle: 'Your free pie',
  eligibilityLoading: 'Checking your free pie offer…',
  eligibilityFailed: 'Your free pie offer could not be checked.',
  /** SPEC §8, the same words as on registration. */
  alreadyUsed: 'You have already used the free PIE promotion. Each user can only use this offer once.',
  notEligible:
    'The free pie is for new fans who sign up on this page, and this account did not. You can still fund a pie of your own.',
  fundPie: 'Fund a pie',
  startedTitle: 'Your free pie is running',
  startedLead: 'OpenPie paid for it, so all of it goes to the artists you listen to.',
  myPies: 'Go to My pies',
} as const;

/** `1 free pie left`, `37 free pies left`. */
export function describeRemaining(remaining: number): string {
  return `${formatCount(remaining)} free ${remaining === 1 ? 'pie' : 'pies'} left`;
}

export interface TryScreenProps {
  /** A fan is signed in: show their own offer rather than the sign-up. */
  signedIn: boolean;
  /** The signed-in fan as GET /api/user describes them: what they still have to do comes before the offer. */
  account?: unknown;
  humanCheck: PromoHumanCheck;
  /** The e-mail registration form, sending promo 'try' (auth feature, joined in app/). */
  renderRegistrationForm: (onRegistered: () => void) => ReactNode;
  /** Continue with Google, Spotify, X or Facebook, with promo=try (auth feature). */
  socialSignIn: ReactNode;
}

/** A heading that takes focus when it appears, so a screen reader starts at the new state. */
function FocusedTitle({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className="try-panel__title">
      {children}
    </h1>
  );
}

function Unavailable({ reason }: { reason: string | null }) {
  return (
    <section className="try-panel" aria-live="polite">
      <FocusedTitle>{tryScreenText.unavailableTitle}</FocusedTitle>
      <p>{tryScreenText.unavailableHint}</p>
      {reason ? <p className="app-state__hint">{reason}</p> : null}
      <p>
        <Link className="button button--primary" to={paths.home()}>
          {tryScreenText.homepage}
        </Link>
      </p>
    </section>
  );
}

function Welcome() {
  return (
    <section className="try-panel try-panel--welcome" role="status">
      <FocusedTitle>{tryScreenText.successTitle}</FocusedTitle>
      <p>{tryScreenText.successCreated}</p>
      <p>{tryScreenText.successVerify}</p>
      <p>
        <Link className="button button--primary" to={paths.fan.login()}>
          {tryScreenText.goToLogin}
        </Link>
      </p>
    </section>
  );
}

/**
 * The offer and the two ways to sign up. While the availability is asked (`remaining` null) the page is already the
 * offer, its count saying it is being checked and its controls disabled: the banner is the page's largest paint and
 * needs no answer (the page is prerendered, docs/decisions/053), and the answer changes one line of text in place.
 */
function SignUp({
  remaining,
  renderRegistrationForm,
  socialSignIn,
  onRegistered,
}: {
  remaining: number | null;
  renderRegistrationForm: TryScreenProps['renderRegistrationForm'];
  socialSignIn: ReactNode;
  onRegistered: () => void;
}) {
  const socialId = useId();
  const emailId = useId();
  return (
    <div className="try-form">
      <header className="try-banner">
        <h1 className="try-banner__title">{tryScreenText.bannerTitle}</h1>
        <p className="try-banner__lead">{tryScreenText.bannerLead}</p>
        <p className="try-banner__remaining">
          <strong role="status">
            {remaining === null ? tryScreenText.checking : describeRemaining(remaining)}
          </strong>
        </p>
      </header>
      <fieldset className="try-form__columns" disabled={remaining === null}>
        <section className="app-panel" aria-labelledby={socialId}>
          <h2 id={socialId} className="app-panel__title">
            {tryScreenText.socialTitle}
          </h2>
          {socialSignIn}
        </section>
        <section className="app-panel" aria-labelledby={emailId}>
          <h2 id={emailId} className="app-panel__title">
            {tryScreenText.emailTitle}
          </h2>
          {renderRegistrationForm(onRegistered)}
        </section>
      </fieldset>
      <p className="try-form__links">
        {tryScreenText.haveAccount} <Link to={paths.fan.login()}>{tryScreenText.logIn}</Link>
        <span aria-hidden="true"> · </span>
        <Link to={paths.fan.register()}>{tryScreenText.plainRegister}</Link>
      </p>
    </div>
  );
}

function VisitorTry({ humanCheck, renderRegistrationForm, socialSignIn }: Omit<TryScreenProps, 'signedIn'>) {
  const availability = usePromoAvailability(humanCheck);
  const [registered, setRegistered] = useState(false);

  if (registered) return <Welcome />;
  if (availability.error) return <Unavailable reason={availability.error.message} />;
  if (availability.data && (!availability.data.available || availability.data.remaining <= 0)) {
    return <Unavailable reason={null} />;
  }
  return (
    <SignUp
      remaining={availability.data?.remaining ?? null}
      renderRegistrationForm={renderRegistrationForm}
      socialSignIn={socialSignIn}
      onRegistered={() => setRegistered(true)}
    />
  );
}

function SignedInTry({ account }: { account: unknown }) {
  const eligibility = usePromoEligibility();
  const missing = listMissingSteps(account);
  const [started, setStarted] = useState<PieSummary | null>(null);

  let body;
  if (started) {
    body = (
      <section className="app-panel" aria-live="polite">
        <h2 className="app-panel__title">{tryScreenText.startedTitle}</h2>
        <p>{tryScreenText.startedLead}</p>
        <PieFacts pie={started} />
        <p>
          <Link className="button button--secondary" to={paths.fan.myPies()}>
            {tryScreenText.myPies}
          </Link>
        </p>
      </section>
    );
  } else if (eligibility.error && !eligibility.data) {
    body = (
      <LoadFailure
        message={describeLoadError(eligibility.error, tryScreenText.eligibilityFailed)}
        onRetry={() => void eligibility.mutate()}
      />
    );
  } else if (!eligibility.data) {
    body = (
      <p className="app-state" role="status">
        {tryScreenText.eligibilityLoading}
      </p>
    );
  } else if (eligibility.data.available && missing.length > 0) {
    body = <FreePieSteps steps={missing} />;
  } else if (eligibility.data.available) {
    body = <FreePieOffer onStarted={setStarted} />;
  } else {
    body = (
      <div className="app-state">
        <p>{eligibility.data.used ? tryScreenText.alreadyUsed : tryScreenText.notEligible}</p>
        <Link className="button button--primary" to={paths.fan.pie()}>
          {tryScreenText.fundPie}
        </Link>
      </div>
    );
  }

  return (
    <div className="app-screen">
      <header>
        <h1 className="app-screen__title">{tryScreenText.signedInTitle}</h1>
      </header>
      {body}
    </div>
  );
}

export function TryScreen({ signedIn, account, ...visitor }: TryScreenProps) {
  useDocumentTitle('Try OpenPie for free · OpenPie');
  return (
    <div className="try-screen">
      {signedIn ? <SignedInTry account={account} /> : <VisitorTry {...visitor} />}
    </div>
  );
}
