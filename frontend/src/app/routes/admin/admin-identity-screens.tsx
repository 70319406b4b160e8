// The staff sign-in screens (SPEC §2: /admin and its Google callback). They load as a chunk of their own.
import { useNavigate, useSearchParams } from 'react-router-dom';
import { logInStaff } from '../../../features/auth/api/log-in-staff';
import { AuthCard } from '../../../features/auth/components/auth-card';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SocialErrorNotice } from '../../../components/social-error-notice';
import {
  StaffGoogleCallbackStatus,
  StaffGoogleSignInButton,
} from '../../../features/auth/components/staff-google';
import { selectLandingAfterSignIn } from '../../guards';

export function AdminLoginScreen() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="Staff sign-in" lead="The admin area is for OpenPie staff only.">
      <SocialErrorNotice />
      <LoginForm
        submitLabel="Sign in"
        submittingLabel="Signing in..."
        onLogIn={async (payload) => {
          const reply = await logInStaff(payload);
          await navigate(selectLandingAfterSignIn('admin', reply, searchParams), { replace: true });
        }}
      />
      <p className="auth-divider">or</p>
      <StaffGoogleSignInButton />
    </AuthCard>
  );
}

export function AdminGoogleCallbackScreen() {
  return <StaffGoogleCallbackStatus />;
}
