import { useState, type ComponentPropsWithRef } from 'react';
import { Field, useLabelledField, type LabelledFieldProps } from './field';

export interface PasswordInputProps
  extends Omit<ComponentPropsWithRef<'input'>, 'children' | 'id' | 'name' | 'type'>, LabelledFieldProps {}

/** A password input (SPEC §2) with a show/hide toggle, a red asterisk when required, and its error once touched. */
export function PasswordInput({
  className,
  autoComplete = 'current-password',
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const { field, element } = useLabelledField<HTMLInputElement, typeof props>(props);

  return (
    <Field {...field}>
      {(control) => (
        <div className="field__control">
          <input
            {...element}
            {...control}
            type={visible ? 'text' : 'password'}
            className={`field__input field__input--with-toggle${className ? ` ${className}` : ''}`}
            autoComplete={autoComplete}
            spellCheck={false}
            autoCapitalize="off"
          />
          <button
            type="button"
            className="field__toggle"
            aria-controls={control.id}
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}
