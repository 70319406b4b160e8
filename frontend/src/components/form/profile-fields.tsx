// The fields of an artist-side user's profile (SPEC §5: complete only with first name, last name, phone number and
// country), shared by registration, its completion and the profile update screen.
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
