import { useId, type ComponentPropsWithRef } from 'react';
import { listCountryOptions } from '../../lib/countries';

export interface CountrySelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children' | 'id'> {
  label: string;
  name: string;
  error?: string;
  /** The form's touched state (react-hook-form's, or true after a submit). */
  touched: boolean;
}

/** A country select shaped like the frame's TextInput: label, red asterisk, error once touched. */
export function CountrySelect({ label, error, touched, required, ...selectProps }: CountrySelectProps) {
  const inputId = `field-${useId()}`;
  const errorId = `${inputId}-error`;
  const visibleError = touched && error ? error : undefined;
  return (
    <div className={`field${visibleError ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <select
        {...selectProps}
        id={inputId}
        className="field__input field__select"
        required={required}
        aria-invalid={visibleError ? true : undefined}
        aria-describedby={visibleError ? errorId : undefined}
      >
        <option value="">Choose a country</option>
        {listCountryOptions().map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {visibleError ? (
        <p className="field__error" id={errorId}>
          {visibleError}
        </p>
      ) : null}
    </div>
  );
}
