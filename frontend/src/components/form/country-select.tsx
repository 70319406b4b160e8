import type { ComponentPropsWithRef } from 'react';
import { listCountryOptions } from '../../lib/countries';
import { SelectField } from './select-field';

export interface CountrySelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children' | 'id'> {
  label: string;
  name: string;
  error?: string;
  /** The form's touched state (react-hook-form's, or true after a submit). */
  touched: boolean;
}

/** A country select shaped like the frame's TextInput: label, red asterisk, error once touched. */
export function CountrySelect({ label, error, touched, required, ...selectProps }: CountrySelectProps) {
  return (
    <SelectField
      {...selectProps}
      label={label}
      required={required}
      visibleError={touched && error ? error : undefined}
      placeholder="Choose a country"
      options={listCountryOptions().map((country) => ({ value: country.code, label: country.name }))}
    />
  );
}
