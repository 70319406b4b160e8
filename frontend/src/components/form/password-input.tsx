import { useId, useState, type ComponentPropsWithRef } from 'react';
import { useTouchedError } from './text-input';

export interface PasswordInputProps extends Omit<ComponentPropsWithRef<'input'>, 'children' | 'id' | 'type'> {
  label: string;
  name: string;
  /** The validation message, shown only once the field is touched. */
  error?: string;
  /** As for TextInput: react-hook-form's touched state, or the first blur when left out. */
  touched?: boolean;
  hint?: string;
  id?: string;
}

/** A password input (SPEC §2) with a show/hide toggle, a red asterisk when required, and its error once touched. */
export function PasswordInput({
  label,
  error,
  touched,
  hint,
  id,
  required,
  className,
  onBlur,
  autoComplete = 'current-password',
  ...inputProps
}: PasswordInputProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);
  const { visibleError, handleBlur } = useTouchedError(error, touched, onBlur);
  const describedBy = [hint ? hintId : null, visibleError ? errorId : null].filter(Boolean).join(' ');

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
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="field__control">
        <input
          {...inputProps}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={`field__input field__input--with-toggle${className ? ` ${className}` : ''}`}
          required={required}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={visibleError ? true : undefined}
          aria-describedby={describedBy || undefined}
          onBlur={handleBlur}
        />
        <button
          type="button"
          className="field__toggle"
          aria-controls={inputId}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {visibleError ? (
        <p className="field__error" id={errorId}>
          {visibleError}
        </p>
      ) : null}
    </div>
  );
}
