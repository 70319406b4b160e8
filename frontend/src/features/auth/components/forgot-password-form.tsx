// Forgot password: one e-mail field. The server answers the same whether or not an account exists, so the screen
// shows that same confirmation to everyone.
import { useState } from 'react';
import { forgotPasswordSchema, type ForgotPasswordPayload } from '@contracts/auth';
import { FormAlert } from '../../../components/form/form-alert';
import { useServerForm } from '../../../lib/use-server-form';
import type { SelfServiceArea } from '../api/auth-area';
import { requestPasswordReset } from '../api/forgot-password';
import { AuthForm, EmailField } from './auth-form';

export const forgotPasswordText = {
  title: 'Reset your password',
  lead: 'Enter the e-mail address of your account and we will send you a link to choose a new password.',
  email: 'Email',
  submit: 'Send reset link',
  submitting: 'Sending...',
  sentTitle: 'Check your e-mail',
  failed: 'We could not send the reset link. Please try again.',
} as const;

export interface ForgotPasswordFormProps {
  area: SelfServiceArea;
  /** The e-mail typed in the login form, to save typing it twice. */
  defaultEmail?: string;
}

export function ForgotPasswordForm({ area, defaultEmail = '' }: ForgotPasswordFormProps) {
  const [sent, setSent] = useState<string | null>(null);
  const { bindField, submitWith, failure, formState } = useServerForm<ForgotPasswordPayload>({
    schema: forgotPasswordSchema,
    defaultValues: { email: defaultEmail },
    fallback: forgotPasswordText.failed,
  });

  const submit = submitWith(async (payload) => {
    const reply = await requestPasswordReset(area, payload);
    setSent(reply.message);
  });

  if (sent) {
    return (
      <FormAlert tone="success" title={forgotPasswordText.sentTitle}>
        {sent}
      </FormAlert>
    );
  }

  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      isSubmitting={formState.isSubmitting}
      submitLabel={forgotPasswordText.submit}
      submittingLabel={forgotPasswordText.submitting}
      label={forgotPasswordText.title}
    >
      <EmailField label={forgotPasswordText.email} {...bindField('email')} />
    </AuthForm>
  );
}
