// The frame of every sign-in, registration and password form: the server's sentence above the fields, the fields,
// and one primary submit button (BusyButton) that names what it is doing while the call runs.
import type { FormEventHandler, ReactNode } from 'react';
import { BusyButton } from '../../../components/busy-button';
import { FormAlert } from '../../../components/form/form-alert';
import { TextInput, type TextInputProps } from '../../../components/form/text-input';
import { PasswordInput, type PasswordInputProps } from '../../../components/form/password-input';

export interface AuthFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's alert sentence, if the last submit failed. */
  failure: string | null;
  isSubmitting: boolean;
  submitLabel: string;
  submittingLabel: string;
  /** Keeps the button disabled beyond the time a call runs (e.g. until the form is valid). */
  disabled?: boolean;
  /** The form's accessible name, where the page has more than one form. */
  label?: string;
  /** Shown between the fields and the submit button (a link aside, the legal line). */
  footer?: ReactNode;
  children: ReactNode;
}

export function AuthForm({
  onSubmit,
  failure,
  isSubmitting,
  submitLabel,
  submittingLabel,
  disabled = false,
  label,
  footer,
  children,
}: AuthFormProps) {
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit} aria-label={label}>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {children}
      {footer}
      <BusyButton
        className="button button--primary auth-form__submit"
        busy={isSubmitting}
        label={submitLabel}
        busyLabel={submittingLabel}
        disabled={disabled}
      />
    </form>
  );
}

/** The e-mail field of the login, registration and forgot-password forms. */
export function EmailField(field: TextInputProps) {
  return <TextInput type="email" autoComplete="email" inputMode="email" required {...field} />;
}

/** A new password and its repetition (registration, reset), with SPEC §5's length hint on the first. */
export function NewPasswordFields({
  password,
  repeat,
}: {
  password: PasswordInputProps;
  repeat: PasswordInputProps;
}) {
  return (
    <>
      <PasswordInput autoComplete="new-password" hint="At least 8 characters." required {...password} />
      <PasswordInput autoComplete="new-password" required {...repeat} />
    </>
  );
}
