// The fan's sign-in screens (SPEC §2): log in, register, and the targets of the verification and reset mails. They
// load as a chunk of their own, so the forms' code never weighs on the rest of the fan area.
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { RegisterReply } from '@contracts/auth';
import { logInFan } from '../../../features/auth/api/log-in';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { LoginCard } from '../../../features/auth/components/login-card';
import { RegistrationForm } from '../../../features/auth/components/registration-form';
import { RegistrationSuccess } from '../../../features/auth/components/registration-success';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { SocialErrorNotice } from '../../../components/social-error-notice';
import { SocialSignInButtons } from '../../../features/auth/components/social-sign-in-buttons';
import { VerifyEmailStatus } from '../../../features/auth/components/verify-email-status';
import { paths } from '../../../lib/paths';
import { selectLandingAfterSignIn } from '../../guards';

function SocialAlternatives() {
  return (
    <>
      <p className="auth-divider">or</p>
      <SocialSignInButtons />
    </>
  );
}

export function FanLoginScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <LoginCard
      area="fan"
      title="Log in to OpenPie"
      lead="Welcome back. Your pie is waiting."
      notice={<SocialErrorNotice />}
      onLogIn={async (payload) => {
        const user = await logInFan(payload);
        await navigate(selectLandingAfterSignIn('fan', user, searchParams), { replace: true });
      }}
      alternatives={<SocialAlternatives />}
      footer={
        <p>
          New to OpenPie? <Link to={paths.fan.register()}>Create an account</Link>
        </p>
      }
    />
  );
}

export function FanRegisterScreen() {
  const [registered, setRegistered] = useState<RegisterReply | null>(null);
  if (registered) return <RegistrationSuccess reply={registered} loginPath={paths.fan.login()} />;
  return (
    <AuthCard
      wide
      title="Create your OpenPie account"
      lead="Fund a monthly pie that is split among the artists you really listen to."
      footer={
        <p>
          Already have an account? <Link to={paths.fan.login()}>Log in</Link>
        </p>
      }
    >
      <SocialErrorNotice />
      <RegistrationForm area="fan" onRegistered={setRegistered} />
      <SocialAlternatives />
    </AuthCard>
  );
}

export function FanVerifyEmailScreen() {
  const { token = '' } = useParams();
  return <VerifyEmailStatus area="fan" token={token} loginPath={paths.fan.login()} />;
}

export function FanResetPasswordScreen() {
  const { token = '' } = useParams();
  return (
    <AuthCard
      title="Choose a new password"
      lead="Your new password replaces the old one everywhere you are signed in."
    >
      <ResetPasswordForm area="fan" token={token} loginPath={paths.fan.login()} />
    </AuthCard>
  );
}
