import { Link } from 'react-router-dom';
import type { RegisterReply } from '@contracts/auth';
import { AuthCard } from './auth-card';
import { FormAlert } from '../../../components/form/form-alert';

export const registrationSuccessText = {
  title: 'Check your e-mail',
  goToLogin: 'Go to Login',
} as const;

/** After registering: the server's confirmation, where the mail went, and the way to log in. */
export function RegistrationSuccess({ reply, loginPath }: { reply: RegisterReply; loginPath: string }) {
  return (
    <AuthCard title={registrationSuccessText.title} takeFocus>
      <FormAlert tone="success">{reply.message}</FormAlert>
      <p>
        We sent a link to <strong>{reply.email}</strong>. Open it to verify your address, then log in.
      </p>
      <div className="auth-card__actions">
        <Link className="button button--primary" to={loginPath}>
          {registrationSuccessText.goToLogin}
        </Link>
      </div>
    </AuthCard>
  );
}
