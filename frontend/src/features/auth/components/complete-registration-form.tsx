// Complete registration (SPEC §5): an artist-side profile is complete only with first name, last name, phone number
// and country, and the artist area sends incomplete profiles here until they are.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  completeRegistrationSchema,
  type ArtistUser,
  type CompleteRegistrationPayload,
} from '../../../../../functions/contracts/auth';
import { TextInput } from '../../../components/form/text-input';
import { completeRegistration } from '../api/complete-registration';
import { describeFormFailure } from '../lib/server-errors';
import { CountrySelect } from './country-select';
import { FormAlert } from './form-alert';

export const completeRegistrationText = {
  firstName: 'First name',
  lastName: 'Last name',
  phoneNumber: 'Phone number',
  country: 'Country',
  submit: 'Complete registration',
  submitting: 'Saving...',
  failed: 'We could not save your details. Please try again.',
} as const;

const formFields = ['first_name', 'last_name', 'phone_number', 'country'] as const;
type FormField = (typeof formFields)[number];

export interface CompleteRegistrationFormProps {
  /** What the account already has (names from registration). */
  initial: Partial<Record<FormField, string | null>>;
  onCompleted: (user: ArtistUser) => void;
}

export function CompleteRegistrationForm({ initial, onCompleted }: CompleteRegistrationFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, touchedFields, isSubmitted, isSubmitting },
  } = useForm<CompleteRegistrationPayload>({
    resolver: zodResolver(completeRegistrationSchema),
    mode: 'all',
    defaultValues: {
      first_name: initial.first_name ?? '',
      last_name: initial.last_name ?? '',
      phone_number: initial.phone_number ?? '',
      country: initial.country ?? '',
    },
  });
  const isTouched = (field: FormField) => Boolean(touchedFields[field]) || isSubmitted;

  const submit = handleSubmit(async (payload) => {
    setFailure(null);
    try {
      onCompleted(await completeRegistration(payload));
    } catch (error) {
      const described = describeFormFailure(error, formFields, completeRegistrationText.failed);
      for (const [name, message] of Object.entries(described.fields)) {
        setError(name as FormField, { type: 'server', message });
      }
      setFailure(described.message);
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="auth-form__row">
        <TextInput
          label={completeRegistrationText.firstName}
          autoComplete="given-name"
          required
          error={errors.first_name?.message}
          touched={isTouched('first_name')}
          {...register('first_name')}
        />
        <TextInput
          label={completeRegistrationText.lastName}
          autoComplete="family-name"
          required
          error={errors.last_name?.message}
          touched={isTouched('last_name')}
          {...register('last_name')}
        />
      </div>
      <TextInput
        label={completeRegistrationText.phoneNumber}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        required
        error={errors.phone_number?.message}
        touched={isTouched('phone_number')}
        {...register('phone_number')}
      />
      <CountrySelect
        label={completeRegistrationText.country}
        autoComplete="country"
        required
        error={errors.country?.message}
        touched={isTouched('country')}
        {...register('country')}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={isSubmitting}>
        {isSubmitting ? completeRegistrationText.submitting : completeRegistrationText.submit}
      </button>
    </form>
  );
}
