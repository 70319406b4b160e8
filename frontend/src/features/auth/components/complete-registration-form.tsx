// Complete registration (SPEC §5): an artist-side profile is complete only with first name, last name, phone number
// and country, and the artist area sends incomplete profiles here until they are.
import type { ArtistUser } from '@contracts/auth';
import { completeRegistration } from '../api/complete-registration';
import { ProfileFields, useProfileForm, type ProfileStart } from '../../../components/form/profile-fields';
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

export interface CompleteRegistrationFormProps {
  /** What the account already has (names from registration). */
  initial: ProfileStart;
  onCompleted: (user: ArtistUser) => void;
}

export function CompleteRegistrationForm({ initial, onCompleted }: CompleteRegistrationFormProps) {
  const form = useProfileForm(initial, completeRegistrationText.failed);
  const { submitWith, failure, formState } = form;

  const submit = submitWith(async (payload) => onCompleted(await completeRegistration(payload)));

  return (
    <AuthForm
      onSubmit={submit}
      failure={failure}
      isSubmitting={formState.isSubmitting}
      submitLabel={completeRegistrationText.submit}
      submittingLabel={completeRegistrationText.submitting}
    >
      <ProfileFields form={form} labels={completeRegistrationText} />
    </AuthForm>
  );
}
