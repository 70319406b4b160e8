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
} from '@contracts/auth';
import { paths } from '../../../lib/paths';
import { useServerForm } from '../../../lib/use-server-form';
import type { SelfServiceArea } from '../api/auth-area';
import { registerAccount } from '../api/register';
import { obtainHumanCheckToken } from '../lib/human-check';
import { NameFields } from '../../../components/form/profile-fields';
import { AuthForm, EmailField, NewPasswordFields } from './auth-form';

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
  const { bindField, submitWith, failure, formState } = useServerForm<RegistrationFormValues>({
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
    <AuthForm
      onSubmit={submit}
      failure={failure}
      isSubmitting={isSubmitting}
      submitLabel={registrationFormText.submit}
      submittingLabel={registrationFormText.submitting}
      disabled={!isValid || !isDirty}
      footer={
        <p className="auth-form__legal">
          By creating an account you accept our <Link to={paths.public.terms()}>Terms of Service</Link> and{' '}
          <Link to={paths.public.privacyPolicy()}>Privacy Policy</Link>.
        </p>
      }
    >
      <EmailField label={registrationFormText.email} {...bindField('email')} />
      <NameFields
        firstName={{ label: registrationFormText.firstName, ...bindField('first_name') }}
        lastName={{ label: registrationFormText.lastName, ...bindField('last_name') }}
      />
      <NewPasswordFields
        password={{ label: registrationFormText.password, ...bindField('password') }}
        repeat={{ label: registrationFormText.repeatPassword, ...bindField('confirm_password') }}
      />
    </AuthForm>
  );
}
