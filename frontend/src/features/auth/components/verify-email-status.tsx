// The page a verification mail links to: it confirms the address as soon as it opens, then offers the way to log in,
// or says in the server's words why the link did not work (used, expired, not valid).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isApiError } from '../../../lib/api-client';
import type { SelfServiceArea } from '../api/auth-area';
import { verifyEmail } from '../api/verify-email';
import { runOnce } from '../lib/run-once';
import { AuthCard } from './auth-card';
import { FormAlert } from '../../../components/form/form-alert';

export const verifyEmailText = {
  checkingTitle: 'Confirming your e-mail address',
  checking: 'One moment while we confirm your address…',
  verifiedTitle: 'Your e-mail address is verified',
  verified: 'Thank you! You can log in now.',
  failedTitle: 'We could not verify your e-mail address',
  failed: 'Something went wrong while confirming your address. Please try the link again.',
  logIn: 'Log in',
} as const;

type Verification = { status: 'checking' } | { status: 'verified' | 'failed'; message: string };

/** The verification of one link, once per page load whatever React does with effects. */
function verifyLinkOnce(area: SelfServiceArea, token: string): Promise<Verification> {
  return runOnce(`verify-email:${area}:${token}`, () =>
    verifyEmail(area, token).then(
      (reply): Verification => ({ status: 'verified', message: reply.message }),
      (error: unknown): Verification => ({
        status: 'failed',
        message: isApiError(error) && error.status < 500 ? error.message : verifyEmailText.failed,
      }),
    ),
  );
}

export interface VerifyEmailStatusProps {
  area: SelfServiceArea;
  token: string;
  loginPath: string;
}

export function VerifyEmailStatus({ area, token, loginPath }: VerifyEmailStatusProps) {
  const [verification, setVerification] = useState<Verification>({ status: 'checking' });

  useEffect(() => {
    let current = true;
    void verifyLinkOnce(area, token).then((result) => {
      if (current) setVerification(result);
    });
    return () => {
      current = false;
    };
  }, [area, token]);

  const logIn = (
    <Link className="button button--primary" to={loginPath}>
      {verifyEmailText.logIn}
    </Link>
  );

  if (verification.status === 'checking') {
    return (
      <AuthCard title={verifyEmailText.checkingTitle}>
        <p className="auth-status" role="status">
          {verifyEmailText.checking}
        </p>
      </AuthCard>
    );
  }
  if (verification.status === 'verified') {
    return (
      <AuthCard title={verifyEmailText.verifiedTitle}>
        {/* The title already says what the server's sentence says; what matters next is how to go on. */}
        <p role="status">{verifyEmailText.verified}</p>
        <div className="auth-card__actions">{logIn}</div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={verifyEmailText.failedTitle}>
      <FormAlert>{verification.message}</FormAlert>
      <div className="auth-card__actions">{logIn}</div>
    </AuthCard>
  );
}
