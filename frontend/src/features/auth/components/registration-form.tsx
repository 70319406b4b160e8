// The registration form of SPEC §2 for fans and artist-side users: email, first name, last name, password and the
// repeated password from the shared schema (SPEC §5's texts), the Terms of Service and Privacy Policy links above the
// button, and 'CREATE MY ACCOUNT', disabled until the form is valid and changed, or while sending.
import { Link } from 'react-router-dom';
import {
  captchaActions,
  promotionAlreadyUsedPhrase,
  registrationFormSchema,
  type RegisterReply,
  type RegistrationForm as RegistrationFormValues,
} from '../../../../../functions/contracts/auth';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordInput } from '../../../components/form/password-input';
import { TextInput } from '../../../components/form/text-input';
import { paths } from '../../../lib/paths';
import { useServerForm } from '../../../lib/use-server-form';
import type { SelfServiceArea } from '../api/auth-area';
import { registerAccount } from '../api/register';
import { obtainHumanCheckToken } from '../lib/human-check';

export const registrationFormText = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  password: 'Password',
  repeatPassword: 'Repeat password',
  submit: 'CREATE MY ACCOUNT',
  submitting: 'Creating account...',
  /** SPEC §8: email registration failure without a server message. */
  failed: 'Registration failed. Please try again.',
  /** SPEC §8: the server says this person already used the free promotion. */
  promotionAlreadyUsed:
    'You have already used the free PIE promotion. Each user can only use this offer once.',
} as const;

/** SPEC §8: the server's message, SPEC's own text when it mentions the used promotion, or the generic failure. */
export function describeRegistrationFailure(message: string | null): string {
  if (!message) return registrationFormText.failed;
  if (message.includes(promotionAlreadyUsedPhrase)) return registrationFormText.promotionAlreadyUsed;
  return message;
}

export interface RegistrationFormProps {
  area: SelfServiceArea;
  /** 'try' on the promo page (SPEC §3). */
  promo?: 'try';
  onRegistered: (reply: RegisterReply) => void;
}

export function RegistrationForm({ area, promo, onRegistered }: RegistrationFormProps) {
  const { register, describeField, submitWith, failure, formState } = useServerForm<RegistrationFormValues>({
    schema: registrationFormSchema,
    defaultValues: { email: '', first_name: '', last_name: '', password: '', confirm_password: '' },
    fallback: registrationFormText.failed,
    // Problems the server pinned on fields show under them; anything else is one sentence above the form.
    describeMessage: describeRegistrationFailure,
  });
  // Read together on every render: react-hook-form only tracks the parts of formState that a render reads.
  const { isValid, isDirty, isSubmitting } = formState;

  const submit = submitWith(async (form) => {
    const recaptchaToken = await obtainHumanCheckToken(captchaActions.register);
    const reply = await registerAccount(area, {
      email: form.email,
      first_name: form.first_name,
      last_name: form.last_name,
      password: form.password,
      accepted_terms_and_conditions: true,
      recaptchaToken,
      promo,
    });
    onRegistered(reply);
  });

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextInput
        label={registrationFormText.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...describeField('email')}
        {...register('email')}
      />
      <div className="auth-form__row">
        <TextInput
          label={registrationFormText.firstName}
          autoComplete="given-name"
          required
          {...describeField('first_name')}
          {...register('first_name')}
        />
        <TextInput
          label={registrationFormText.lastName}
          autoComplete="family-name"
          required
          {...describeField('last_name')}
          {...register('last_name')}
        />
      </div>
      <PasswordInput
        label={registrationFormText.password}
        autoComplete="new-password"
        hint="At least 8 characters."
        required
        {...describeField('password')}
        {...register('password')}
      />
      <PasswordInput
        label={registrationFormText.repeatPassword}
        autoComplete="new-password"
        required
        {...describeField('confirm_password')}
        {...register('confirm_password')}
      />
      <p className="auth-form__legal">
        By creating an account you accept our <Link to={paths.public.terms()}>Terms of Service</Link> and{' '}
        <Link to={paths.public.privacyPolicy()}>Privacy Policy</Link>.
      </p>
      <button
        type="submit"
        className="button button--primary auth-form__submit"
        disabled={!isValid || !isDirty || isSubmitting}
      >
        {isSubmitting ? registrationFormText.submitting : registrationFormText.submit}
      </button>
    </form>
  );
}
