// The login form of SPEC §5 for fans, artist-side users and staff: e-mail and password from the shared schema, errors
// for touched fields only, every field touched on submit.
import { loginSchema, type LoginPayload } from '@contracts/auth';
import { PasswordInput } from '../../../components/form/password-input';
import { useServerForm } from '../../../lib/use-server-form';
import { AuthForm, EmailField } from './auth-form';

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

export function LoginForm({
  onLogIn,
  submitLabel = loginFormText.submit,
  submittingLabel = loginFormText.submitting,
  onForgotPassword,
}: LoginFormProps) {
  const { bindField, submitWith, failure, formState } = useServerForm<LoginPayload>({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    fallback: loginFormText.failed,
  });
  const submit = submitWith(onLogIn);

  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      isSubmitting={formState.isSubmitting}
      submitLabel={submitLabel}
      submittingLabel={submittingLabel}
      footer={
        onForgotPassword ? (
          <p className="auth-form__aside">
            <button type="button" className="link-button" onClick={onForgotPassword}>
              {loginFormText.forgotPassword}
            </button>
          </p>
        ) : null
      }
    >
      <EmailField label={loginFormText.email} {...bindField('email')} />
      <PasswordInput
        label={loginFormText.password}
        autoComplete="current-password"
        required
        {...bindField('password')}
      />
    </AuthForm>
  );
}
