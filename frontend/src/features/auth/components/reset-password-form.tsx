// The page a password reset mail links to: a new password twice, then a confirmation and the way to log in. A link
// that is used, expired or forged gets the server's sentence and a form to ask for a fresh one.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useServerForm } from '../../../lib/use-server-form';
import type { SelfServiceArea } from '../api/auth-area';
import { resetPassword } from '../api/reset-password';
import {
  resetPasswordFormSchema,
  type ResetPasswordForm as ResetPasswordValues,
} from '../lib/reset-password-form-schema';
import { AuthForm, NewPasswordFields } from './auth-form';
import { ForgotPasswordForm } from './forgot-password-form';

export const resetPasswordText = {
  password: 'New password',
  repeatPassword: 'Repeat new password',
  submit: 'Save new password',
  submitting: 'Saving...',
  doneTitle: 'Your password was changed',
  logIn: 'Log in',
  linkFailedTitle: 'This link cannot be used',
  requestNew: 'Request a new link',
  failed: 'We could not change your password. Please try again.',
} as const;

export interface ResetPasswordFormProps {
  area: SelfServiceArea;
  token: string;
  loginPath: string;
}

export function ResetPasswordForm({ area, token, loginPath }: ResetPasswordFormProps) {
  const [done, setDone] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const { bindField, submitWith, failure, formState } = useServerForm<ResetPasswordValues>({
    schema: resetPasswordFormSchema,
    defaultValues: { password: '', confirm_password: '' },
    fallback: resetPasswordText.failed,
  });

  const submit = submitWith(async (form) => {
    try {
      const reply = await resetPassword(area, token, { password: form.password });
      setDone(reply.message);
    } catch (error) {
      // The server names a used, expired or forged link with a `link_*` code (docs/decisions/005): no retyping fixes
      // that, so the screen offers a fresh link instead of the form.
      if (isApiError(error) && error.code.startsWith('link_')) {
        setLinkProblem(error.message);
        return;
      }
      throw error;
    }
  });

  if (done) {
    return (
      <>
        <FormAlert tone="success" title={resetPasswordText.doneTitle}>
          {done}
        </FormAlert>
        <div className="auth-card__actions">
          <Link className="button button--primary" to={loginPath}>
            {resetPasswordText.logIn}
          </Link>
        </div>
      </>
    );
  }

  if (linkProblem) {
    return (
      <>
        <FormAlert title={resetPasswordText.linkFailedTitle}>{linkProblem}</FormAlert>
        <h2 className="auth-card__subtitle">{resetPasswordText.requestNew}</h2>
        <ForgotPasswordForm area={area} />
      </>
    );
  }

  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      isSubmitting={formState.isSubmitting}
      submitLabel={resetPasswordText.submit}
      submittingLabel={resetPasswordText.submitting}
    >
      <NewPasswordFields
        password={{ label: resetPasswordText.password, ...bindField('password') }}
        repeat={{ label: resetPasswordText.repeatPassword, ...bindField('confirm_password') }}
      />
    </AuthForm>
  );
}
