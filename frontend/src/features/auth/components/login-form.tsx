// The login form of SPEC §5 for fans, artist-side users and staff: e-mail and password from the shared schema, errors
// for touched fields only, every field touched on submit.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginPayload } from '../../../../../functions/contracts/auth';
import { PasswordInput } from '../../../components/form/password-input';
import { TextInput } from '../../../components/form/text-input';
import { describeFormFailure } from '../lib/server-errors';
import { FormAlert } from './form-alert';

export const loginFormText = {
  email: 'Email',
  password: 'Password',
  submit: 'Log in',
  submitting: 'Logging in...',
  forgotPassword: 'Forgot your password?',
  failed: 'Login failed. Please try again.',
} as const;

export interface LoginFormProps {
  /** Signs in; resolves when the screen has moved on, throws the API's error otherwise. */
  onLogIn: (payload: LoginPayload) => Promise<void>;
  submitLabel?: string;
  submittingLabel?: string;
  /** Shows the "Forgot your password?" control. */
  onForgotPassword?: () => void;
}

const loginFields = ['email', 'password'] as const;

export function LoginForm({
  onLogIn,
  submitLabel = loginFormText.submit,
  submittingLabel = loginFormText.submitting,
  onForgotPassword,
}: LoginFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<LoginPayload>({
    resolver: zodResolver(loginSchema),
    mode: 'all',
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (payload) => {
    setFailure(null);
    try {
      await onLogIn(payload);
    } catch (error) {
      const described = describeFormFailure(error, loginFields, loginFormText.failed);
      for (const [name, message] of Object.entries(described.fields)) {
        setError(name as (typeof loginFields)[number], { type: 'server', message });
      }
      setFailure(described.message);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextInput
        label={loginFormText.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        error={errors.email?.message}
        touched={Boolean(touchedFields.email) || isSubmitted}
        {...register('email')}
      />
      <PasswordInput
        label={loginFormText.password}
        autoComplete="current-password"
        required
        error={errors.password?.message}
        touched={Boolean(touchedFields.password) || isSubmitted}
        {...register('password')}
      />
      {onForgotPassword ? (
        <p className="auth-form__aside">
          <button type="button" className="link-button" onClick={onForgotPassword}>
            {loginFormText.forgotPassword}
          </button>
        </p>
      ) : null}
      <button type="submit" className="button button--primary auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? submittingLabel : submitLabel}
      </button>
    </form>
  );
}
