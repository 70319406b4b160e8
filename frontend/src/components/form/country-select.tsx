import type { ComponentPropsWithRef } from 'react';
import { listCountryOptions } from '../../lib/countries';
import { Field } from './field';

export interface CountrySelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children' | 'id'> {
  label: string;
  name: string;
  error?: string;
  /** The form's touched state (react-hook-form's, or true after a submit). */
  touched: boolean;
}

/** A country select shaped like the frame's TextInput: label, red asterisk, error once touched. */
export function CountrySelect({ label, error, touched, required, ...selectProps }: CountrySelectProps) {
  const visibleError = touched && error ? error : undefined;
  return (
    <Field label={label} required={required} visibleError={visibleError}>
      {(control) => (
        <select {...selectProps} {...control} className="field__input field__select" required={required}>
          <option value="">Choose a country</option>
          {listCountryOptions().map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
