import type { ComponentPropsWithRef } from 'react';
import { Field, useLabelledField, type LabelledFieldProps } from './field';

export interface TextInputProps
  extends Omit<ComponentPropsWithRef<'input'>, 'children' | 'id' | 'name'>, LabelledFieldProps {}

/** A labelled text input (SPEC §2): a required asterisk, a read-only look, and its error under it once touched. */
export function TextInput({ readOnly, className, type = 'text', ...props }: TextInputProps) {
  const { field, element } = useLabelledField<HTMLInputElement, typeof props>(props);

  return (
    <Field {...field} readOnly={readOnly}>
      {(control) => (
        <input
          {...element}
          {...control}
          type={type}
          className={`field__input${className ? ` ${className}` : ''}`}
          readOnly={readOnly}
        />
      )}
    </Field>
  );
}
