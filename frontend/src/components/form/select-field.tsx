// A labelled choice from a short list (an office's type, a member's role, a filter): the frame every form control
// shares, with an optional first choice that has no value ("Choose a method", "Any action").
import type { ComponentPropsWithRef } from 'react';
import { Field } from './field';

/** One choice of a select: the value it sends and the words it shows. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<
  ComponentPropsWithRef<'select'>,
  'children' | 'id' | 'className'
> {
  /** The visible label; also the select's accessible name. */
  label: string;
  /** The select's id; one is made up when left out. */
  id?: string | undefined;
  options: readonly SelectOption[];
  /** A first choice with no value, shown before the options. */
  placeholder?: string | undefined;
  /** The error to show now (already filtered by touched state). */
  visibleError?: string | undefined;
  /** More classes for the field's frame. */
  className?: string | undefined;
}

export function SelectField({
  label,
  id,
  options,
  placeholder,
  visibleError,
  className,
  required,
  ...selectProps
}: SelectFieldProps) {
  return (
    <Field label={label} id={id} required={required} visibleError={visibleError} className={className}>
      {(control) => (
        <select {...selectProps} {...control} className="field__input field__select" required={required}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The options of a select whose values are a list of keys, each shown in its own words. */
export function optionsOf<K extends string>(
  keys: readonly K[],
  words: Readonly<Record<K, string>>,
): SelectOption[] {
  return keys.map((key) => ({ value: key, label: words[key] }));
}
