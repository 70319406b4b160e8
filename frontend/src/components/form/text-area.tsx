import type { ComponentPropsWithRef } from 'react';
import { Field, useLabelledField, type LabelledFieldProps } from './field';

export interface TextAreaProps
  extends Omit<ComponentPropsWithRef<'textarea'>, 'children' | 'id' | 'name'>, LabelledFieldProps {
  /** A running count under the field, e.g. `120 / 1000`. */
  count?: string;
}

/** A labelled multi-line input shaped like TextInput: required asterisk, hint, count and its error once touched. */
export function TextArea({ count, className, ...props }: TextAreaProps) {
  const { field, element } = useLabelledField<HTMLTextAreaElement, typeof props>(props);

  return (
    <Field {...field} count={count}>
      {(control) => (
        <textarea
          {...element}
          {...control}
          className={`field__input field__textarea${className ? ` ${className}` : ''}`}
        />
      )}
    </Field>
  );
}
