// Complete registration (SPEC §5): an artist-side profile is complete only with first name, last name, phone number
// and country, and the artist area sends incomplete profiles here until they are.
import {
  completeRegistrationSchema,
  type ArtistUser,
  type CompleteRegistrationPayload,
} from '@contracts/auth';
import { useServerForm } from '../../../lib/use-server-form';
import { completeRegistration } from '../api/complete-registration';
import { ContactFields, NameFields } from '../../../components/form/profile-fields';
import { AuthForm } from './auth-form';

export const completeRegistrationText = {
  firstName: 'First name',
  lastName: 'Last name',
  phoneNumber: 'Phone number',
  country: 'Country',
  submit: 'Complete registration',
  submitting: 'Saving...',
  failed: 'We could not save your details. Please try again.',
} as const;

type FormField = keyof CompleteRegistrationPayload;

export interface CompleteRegistrationFormProps {
  /** What the account already has (names from registration). */
  initial: Partial<Record<FormField, string | null>>;
  onCompleted: (user: ArtistUser) => void;
}

export function CompleteRegistrationForm({ initial, onCompleted }: CompleteRegistrationFormProps) {
  const { bindField, submitWith, failure, formState } = useServerForm<CompleteRegistrationPayload>({
    schema: completeRegistrationSchema,
    defaultValues: {
      first_name: initial.first_name ?? '',
      last_name: initial.last_name ?? '',
      phone_number: initial.phone_number ?? '',
      country: initial.country ?? '',
    },
    fallback: completeRegistrationText.failed,
  });

  const submit = submitWith(async (payload) => onCompleted(await completeRegistration(payload)));

  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      isSubmitting={formState.isSubmitting}
      submitLabel={completeRegistrationText.submit}
      submittingLabel={completeRegistrationText.submitting}
    >
      <NameFields
        firstName={{ label: completeRegistrationText.firstName, ...bindField('first_name') }}
        lastName={{ label: completeRegistrationText.lastName, ...bindField('last_name') }}
      />
      <ContactFields
        phoneNumber={{ label: completeRegistrationText.phoneNumber, ...bindField('phone_number') }}
        country={{ label: completeRegistrationText.country, ...bindField('country') }}
      />
    </AuthForm>
  );
}
