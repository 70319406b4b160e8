// The artist side's sign-in screens (SPEC §2): log in, register, complete registration, and the targets of the
// verification and reset mails. They load as a chunk of their own, apart from the rest of the artist area.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ArtistUser, RegisterReply } from '@contracts/auth';
import { logInArtist } from '../../../features/auth/api/log-in';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { CompleteRegistrationForm } from '../../../features/auth/components/complete-registration-form';
import { LoginCard } from '../../../features/auth/components/login-card';
import { RegistrationForm } from '../../../features/auth/components/registration-form';
import { RegistrationSuccess } from '../../../features/auth/components/registration-success';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { VerifyEmailStatus } from '../../../features/auth/components/verify-email-status';
import { paths } from '../../../lib/paths';
import { readPendingReturnPath, rememberPendingReturnPath } from '../../../lib/pending-return-path';
import { readReturnPath, withReturnPath } from '../../../lib/return-path';
import { fetchSession } from '../../../lib/session';
import { selectLandingAfterSignIn } from '../../guards';

export function ArtistLoginScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <LoginCard
      area="artist"
      title="Log in to OpenPie for Artists"
      lead="Claim your artist profiles, run your team and follow your payouts."
      onLogIn={async (payload) => {
        const user = await logInArtist(payload);
        await navigate(selectLandingAfterSignIn('artist', user, searchParams), { replace: true });
      }}
      footer={
        <p>
          New to OpenPie for Artists? <Link to={paths.artist.register()}>Create an account</Link>
        </p>
      }
    />
  );
}

export function ArtistRegisterScreen() {
  const [registered, setRegistered] = useState<RegisterReply | null>(null);
  // An invitation's page sends people here with `?next=`: it is kept through the verification mail (this browser).
  const [searchParams] = useSearchParams();
  const next = readReturnPath(searchParams, 'artist');
  const loginPath = next ? withReturnPath(paths.artist.login(), next) : paths.artist.login();
  if (registered) return <RegistrationSuccess reply={registered} loginPath={loginPath} />;
  return (
    <AuthCard
      wide
      title="Create an artist account"
      lead="For artists, managers and labels: one account each, then claim the artists you represent."
      footer={
        <p>
          Already have an account? <Link to={loginPath}>Log in</Link>
        </p>
      }
    >
      <RegistrationForm
        area="artist"
        onRegistered={(reply) => {
          if (next) rememberPendingReturnPath('artist', next);
          setRegistered(reply);
        }}
      />
    </AuthCard>
  );
}

type ArtistSessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'failed' }
  | { status: 'signed-in'; user: Partial<ArtistUser> };

/** The signed-in artist-side user, read once on arrival; the screen is open (SPEC §2), so nobody is redirected. */
function useArtistSession(): ArtistSessionState {
  const [state, setState] = useState<ArtistSessionState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    fetchSession('artist').then(
      (session) => {
        if (!current) return;
        setState(
          session
            ? { status: 'signed-in', user: (session.account ?? {}) as Partial<ArtistUser> }
            : { status: 'signed-out' },
        );
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}

export function ArtistCompleteRegistrationScreen() {
  const navigate = useNavigate();
  // `?next=`: where the person was going when sign-in sent them here (an invitation's page), to go on to afterwards.
  const [searchParams] = useSearchParams();
  const session = useArtistSession();
  const title = 'Complete your registration';

  if (session.status === 'loading') {
    return (
      <AuthCard title={title}>
        <p className="auth-status" role="status">
          Loading your account…
        </p>
      </AuthCard>
    );
  }
  if (session.status !== 'signed-in') {
    return (
      <AuthCard
        title={title}
        lead={
          session.status === 'failed'
            ? 'We could not load your account. Please try again in a moment.'
            : 'Log in to your artist account first, then finish your registration here.'
        }
      >
        <div className="auth-card__actions">
          <Link className="button button--primary" to={paths.artist.login()}>
            Log in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      wide
      title={title}
      lead="A few details before you claim your artists: we need them to identify you and to pay you out."
    >
      <CompleteRegistrationForm
        initial={session.user}
        onCompleted={(user) =>
          void navigate(selectLandingAfterSignIn('artist', user, searchParams), { replace: true })
        }
      />
    </AuthCard>
  );
}

export function ArtistVerifyEmailScreen() {
  const { token = '' } = useParams();
  // Back from the verification mail: the login goes on to where the registration was heading (an invitation).
  const pending = readPendingReturnPath('artist');
  const loginPath = pending ? withReturnPath(paths.artist.login(), pending) : paths.artist.login();
  return <VerifyEmailStatus area="artist" token={token} loginPath={loginPath} />;
}

export function ArtistResetPasswordScreen() {
  const { token = '' } = useParams();
  return (
    <AuthCard
      title="Choose a new password"
      lead="Your new password replaces the old one everywhere you are signed in."
    >
      <ResetPasswordForm area="artist" token={token} loginPath={paths.artist.login()} />
    </AuthCard>
  );
}
