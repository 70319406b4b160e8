import { useId, useState, type ComponentPropsWithRef, type FocusEvent } from 'react';

export interface TextInputProps extends Omit<ComponentPropsWithRef<'input'>, 'children' | 'id'> {
  /** The visible label; also the input's accessible name. */
  label: string;
  name: string;
  /** The validation message for this field, if any; shown only once the field is touched. */
  error?: string;
  /**
   * Whether the field has been touched (react-hook-form's `touchedFields`, all true after a submit). When left out,
   * the field counts as touched after its first blur.
   */
  touched?: boolean;
  /** A short help text under the label. */
  hint?: string;
  id?: string;
}

/** Shows an error only for a touched field (SPEC §5) and tracks the blur when the form does not say. */
export function useTouchedError<E extends HTMLElement = HTMLInputElement>(
  error: string | undefined,
  touched: boolean | undefined,
  onBlur: ((event: FocusEvent<E>) => void) | undefined,
) {
  const [blurred, setBlurred] = useState(false);
  const handleBlur = (event: FocusEvent<E>) => {
    setBlurred(true);
    onBlur?.(event);
  };
  const visibleError = (touched ?? blurred) && error ? error : undefined;
  return { visibleError, handleBlur };
}

/** A labelled text input (SPEC §2): a required asterisk, a read-only look, and its error under it once touched. */
export function TextInput({
  label,
  error,
  touched,
  hint,
  id,
  required,
  readOnly,
  className,
  onBlur,
  type = 'text',
  ...inputProps
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const { visibleError, handleBlur } = useTouchedError(error, touched, onBlur);
  const describedBy = [hint ? hintId : null, visibleError ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={`field${readOnly ? ' field--read-only' : ''}${visibleError ? ' field--invalid' : ''}`}>
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
      <input
        {...inputProps}
        id={inputId}
        type={type}
        className={`field__input${className ? ` ${className}` : ''}`}
        required={required}
        readOnly={readOnly}
        aria-invalid={visibleError ? true : undefined}
        aria-describedby={describedBy || undefined}
        onBlur={handleBlur}
      />
      {visibleError ? (
        <p className="field__error" id={errorId}>
          {visibleError}
        </p>
      ) : null}
    </div>
  );
}
