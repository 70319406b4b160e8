// Staff sign-in with Google (decision 006): the button sends the page to the API's redirect; Google returns to
// /admin/auth/google/callback, whose page hands what came back to the server and moves on to the dashboard.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../lib/api-client';
import { browserActions } from '../../../lib/browser-actions';
import { paths } from '../../../lib/paths';
import { completeStaffGoogleSignIn, type StaffGoogleCallback } from '../api/complete-staff-google-sign-in';
import { buildStaffGoogleSignInUrl } from '../api/staff-google-sign-in-url';
import { runOnce } from '../lib/run-once';
import { AuthCard } from './auth-card';
import { FormAlert } from '../../../components/form/form-alert';
import { ProviderBadge } from './provider-badge';

export const staffGoogleText = {
  button: 'Sign in with Google',
  leaving: 'Opening Google...',
  workingTitle: 'Signing you in with Google',
  working: 'One moment while we check your Google account…',
  failedTitle: 'We could not sign you in with Google',
  failed: 'We could not complete the sign-in with Google. Please try again.',
  nothingToComplete:
    'This page finishes a sign-in with Google, and there is none under way. Start from the staff sign-in page.',
  back: 'Back to staff sign-in',
} as const;

export function StaffGoogleSignInButton() {
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary social-button"
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        browserActions.goTo(buildStaffGoogleSignInUrl());
      }}
    >
      <ProviderBadge provider="google" />
      {leaving ? staffGoogleText.leaving : staffGoogleText.button}
    </button>
  );
}

type Completion = { status: 'working' } | { status: 'done' } | { status: 'failed'; message: string };

function readCallback(searchParams: URLSearchParams): StaffGoogleCallback | null {
  const callback: StaffGoogleCallback = {};
  for (const key of ['code', 'state', 'error'] as const) {
    const value = searchParams.get(key);
    if (value) callback[key] = value;
  }
  return callback.code || callback.error ? callback : null;
}

/** Google's code is single-use: one POST per page load, whatever React does with effects. */
function completeOnce(callback: StaffGoogleCallback): Promise<Completion> {
  return runOnce(`staff-google:${callback.state ?? ''}:${callback.code ?? callback.error ?? ''}`, () =>
    completeStaffGoogleSignIn(callback).then(
      (): Completion => ({ status: 'done' }),
      (error: unknown): Completion => ({
        status: 'failed',
        message: isApiError(error) && error.status < 500 ? error.message : staffGoogleText.failed,
      }),
    ),
  );
}

export function StaffGoogleCallbackStatus() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const callback = readCallback(searchParams);
  const callbackKey = callback ? JSON.stringify(callback) : null;
  const [completion, setCompletion] = useState<Completion>({ status: 'working' });

  useEffect(() => {
    if (!callbackKey) return;
    let current = true;
    void completeOnce(JSON.parse(callbackKey) as StaffGoogleCallback).then((result) => {
      if (!current) return;
      if (result.status === 'done') void navigate(paths.admin.dashboard(), { replace: true });
      else setCompletion(result);
    });
    return () => {
      current = false;
    };
  }, [callbackKey, navigate]);

  const back = (
    <div className="auth-card__actions">
      <Link className="button button--secondary" to={paths.admin.login()}>
        {staffGoogleText.back}
      </Link>
    </div>
  );

  if (!callback) {
    return (
      <AuthCard title={staffGoogleText.workingTitle}>
        <p>{staffGoogleText.nothingToComplete}</p>
        {back}
      </AuthCard>
    );
  }
  if (completion.status === 'failed') {
    return (
      <AuthCard title={staffGoogleText.failedTitle}>
        <FormAlert>{completion.message}</FormAlert>
        {back}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={staffGoogleText.workingTitle}>
      <p className="auth-status" role="status">
        {staffGoogleText.working}
      </p>
    </AuthCard>
  );
}
