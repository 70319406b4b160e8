// The fields of an artist-side user's profile (SPEC §5: complete only with first name, last name, phone number and
// country), shared by registration, its completion and the profile update screen.
import { completeRegistrationSchema, type CompleteRegistrationPayload } from '@contracts/auth';
import { useServerForm } from '../../lib/use-server-form';
import { CountrySelect, type CountrySelectProps } from './country-select';
import { TextInput, type TextInputProps } from './text-input';

/** First and last name side by side on a wide screen, one under the other on a phone. */
export function NameFields({ firstName, lastName }: { firstName: TextInputProps; lastName: TextInputProps }) {
  return (
    <div className="form-row">
      <TextInput autoComplete="given-name" required {...firstName} />
      <TextInput autoComplete="family-name" required {...lastName} />
    </div>
  );
}

/** The phone number and the country the profile needs to be complete. */
export function ContactFields({
  phoneNumber,
  country,
}: {
  phoneNumber: TextInputProps;
  country: CountrySelectProps;
}) {
  return (
    <>
      <TextInput type="tel" autoComplete="tel" inputMode="tel" required {...phoneNumber} />
      <CountrySelect autoComplete="country" required {...country} />
    </>
  );
}

/** What the account already has of its profile; a field it lacks starts empty. */
export type ProfileStart = Partial<Record<keyof CompleteRegistrationPayload, string | null>>;

/** The form of the four profile fields, filled with what the account already has. */
export function useProfileForm(start: ProfileStart, fallback: string) {
  return useServerForm<CompleteRegistrationPayload>({
    schema: completeRegistrationSchema,
    defaultValues: {
      first_name: start.first_name ?? '',
      last_name: start.last_name ?? '',
      phone_number: start.phone_number ?? '',
      country: start.country ?? '',
    },
    fallback,
  });
}

/** The four fields' labels, as each screen words them. */
export interface ProfileFieldLabels {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: string;
}

/** The four profile fields of a profile form: names side by side, then phone number and country. */
export function ProfileFields({
  form,
  labels,
}: {
  form: Pick<ReturnType<typeof useProfileForm>, 'bindField'>;
  labels: ProfileFieldLabels;
}) {
  const { bindField } = form;
  return (
    <>
      <NameFields
        firstName={{ label: labels.firstName, ...bindField('first_name') }}
        lastName={{ label: labels.lastName, ...bindField('last_name') }}
      />
      <ContactFields
        phoneNumber={{ label: labels.phoneNumber, ...bindField('phone_number') }}
        country={{ label: labels.country, ...bindField('country') }}
      />
    </>
  );
}
