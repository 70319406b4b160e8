// The sign-in card of the fan and artist areas: the login form, and in its place on request the forgot-password
// form, so a person who forgot never leaves the page they came to.
import { useState, type ReactNode } from 'react';
import type { LoginPayload } from '@contracts/auth';
import type { SelfServiceArea } from '../api/auth-area';
import { AuthCard } from './auth-card';
import { ForgotPasswordForm, forgotPasswordText } from './forgot-password-form';
import { LoginForm } from './login-form';

export const loginCardText = { backToLogin: 'Back to log in' } as const;

export interface LoginCardProps {
  area: SelfServiceArea;
  title: string;
  lead?: ReactNode;
  onLogIn: (payload: LoginPayload) => Promise<void>;
  /** Shown above the form, e.g. SPEC §8's social sign-in failure. */
  notice?: ReactNode;
  /** Shown under the form while logging in, e.g. the social sign-in buttons. */
  alternatives?: ReactNode;
  footer?: ReactNode;
}

export function LoginCard({ area, title, lead, onLogIn, notice, alternatives, footer }: LoginCardProps) {
  const [forgotPassword, setForgotPassword] = useState(false);

  if (forgotPassword) {
    return (
      <AuthCard title={forgotPasswordText.title} lead={forgotPasswordText.lead} footer={footer} takeFocus>
        <ForgotPasswordForm area={area} />
        <p>
          <button type="button" className="link-button" onClick={() => setForgotPassword(false)}>
            {loginCardText.backToLogin}
          </button>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} lead={lead} footer={footer}>
      {notice}
      <LoginForm onLogIn={onLogIn} onForgotPassword={() => setForgotPassword(true)} />
      {alternatives}
    </AuthCard>
  );
}
