import { useId, useState, type FocusEvent, type ReactNode } from 'react';

/** What a field's control needs so that its label, hint, count and error describe it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The visible label; also the control's accessible name. */
  label: string;
  /** The control's id; one is made up when left out. */
  id?: string | undefined;
  required?: boolean | undefined;
  readOnly?: boolean | undefined;
  /** A short help text under the label. */
  hint?: string | undefined;
  /** A running count under the control, e.g. `120 / 1000`. */
  count?: string | undefined;
  /** The error to show now (already filtered by touched state). */
  visibleError?: string | undefined;
  /** More classes for the field's frame (its place in a panel header, say). */
  className?: string | undefined;
  /** Renders the control with the id and ARIA wiring the field made for it. */
  children: (control: FieldControlProps) => ReactNode;
}

/** What every labelled control takes beside its element's own attributes. */
export interface LabelledFieldProps {
  /** The visible label; also the control's accessible name. */
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

/**
 * Splits a labelled control's props into what its Field shows and what its element takes, with the blur tracked for
 * the touched state.
 */
export function useLabelledField<
  E extends HTMLElement,
  P extends LabelledFieldProps & {
    required?: boolean | undefined;
    onBlur?: ((event: FocusEvent<E>) => void) | undefined;
  },
>({ label, error, touched, hint, id, required, onBlur, ...elementProps }: P) {
  const { visibleError, handleBlur } = useTouchedError(error, touched, onBlur);
  return {
    field: { label, id, required, hint, visibleError },
    element: { ...elementProps, required, onBlur: handleBlur },
  };
}

/**
 * The frame every form control shares (SPEC §2): label with a red asterisk when required, hint, optional count, and
 * the error once touched, all tied to the control through aria-describedby.
 */
export function Field({
  label,
  id,
  required,
  readOnly,
  hint,
  count,
  visibleError,
  className,
  children,
}: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const hintId = `${inputId}-hint`;
  const countId = `${inputId}-count`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, count ? countId : null, visibleError ? errorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={`field${className ? ` ${className}` : ''}${readOnly ? ' field--read-only' : ''}${visibleError ? ' field--invalid' : ''}`}
    >
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
      {children({
        id: inputId,
        'aria-invalid': visibleError ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
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
