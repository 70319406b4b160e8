import { useId, type ComponentPropsWithRef } from 'react';
import { useTouchedError } from './text-input';

export interface TextAreaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'children' | 'id'> {
  label: string;
  name: string;
  /** The validation message, shown only once the field is touched. */
  error?: string;
  /** As for TextInput: react-hook-form's touched state, or the first blur when left out. */
  touched?: boolean;
  hint?: string;
  /** A running count under the field, e.g. `120 / 1000`. */
  count?: string;
  id?: string;
}

/** A labelled multi-line input shaped like TextInput: required asterisk, hint, count and its error once touched. */
export function TextArea({
  label,
  error,
  touched,
  hint,
  count,
  id,
  required,
  className,
  onBlur,
  ...textAreaProps
}: TextAreaProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const errorId = `${inputId}-error`;
  const { visibleError, handleBlur } = useTouchedError(error, touched, onBlur);
  const describedBy = [hint ? hintId : null, count ? countId : null, visibleError ? errorId : null]
    .filter(Boolean)
    .join(' ');

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
      <textarea
        {...textAreaProps}
        id={inputId}
        className={`field__input field__textarea${className ? ` ${className}` : ''}`}
        required={required}
        aria-invalid={visibleError ? true : undefined}
        aria-describedby={describedBy || undefined}
        onBlur={handleBlur}
      />
      {count ? (
        <p className="field__hint" id={countId}>
          {count}
        </p>
      ) : null}
      {visibleError ? (
        <p className="field__error" id={errorId}>
          {visibleError}
        </p>
      ) : null}
    </div>
  );
}
