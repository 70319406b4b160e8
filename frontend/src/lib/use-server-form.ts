// The setup every OpenPie form shares: react-hook-form with the form's zod schema (SPEC §5: validated on change, on
// blur and on submit; errors only for touched fields; every field touched by a submit, which is blocked while errors
// exist), and the server's failure envelope mapped onto the form by describeFormFailure: field messages under their
// fields, the rest in the form's alert.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';
import { describeFormFailure } from './form-failure';

export interface ServerFormOptions<TInput extends FieldValues, TOutput extends FieldValues> {
  schema: $ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** The alert's sentence when the server gave none (it was not reached, or sent no message). */
  fallback: string;
  /** Rewrites the alert's sentence, e.g. to SPEC §8's own text for a server message it names. */
  describeMessage?: (message: string) => string;
}

/** What a field component needs to show its error at the right time: `<TextInput {...describeField('email')} />`. */
export interface FieldStatus {
  error: string | undefined;
  touched: boolean;
}

export function useServerForm<TInput extends FieldValues, TOutput extends FieldValues = TInput>({
  schema,
  defaultValues,
  fallback,
  describeMessage = (message) => message,
}: ServerFormOptions<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    mode: 'all',
    defaultValues,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const fieldNames = Object.keys(defaultValues ?? {});

  /** The field's message and whether it may show: once touched, and for every field after a submit. */
  const describeField = (name: Path<TInput>): FieldStatus => {
    const { error, isTouched } = form.getFieldState(name, form.formState);
    return { error: error?.message, touched: isTouched || form.formState.isSubmitted };
  };

  /** Everything a field component takes for `name`: its status and react-hook-form's registration. */
  const bindField = (name: Path<TInput>) => ({ ...describeField(name), ...form.register(name) });

  /** Puts a failed call on the form: each field message under its field, the rest in the alert. */
  const showFailure = (error: unknown) => {
    const described = describeFormFailure(error, fieldNames, fallback);
    for (const [name, message] of Object.entries(described.fields)) {
      form.setError(name as Path<TInput>, { type: 'server', message });
    }
    setFailure(described.message === null ? null : describeMessage(described.message));
  };

  /** The submit handler: validates, clears the last alert, runs `action` and shows what it throws. */
  const submitWith = (action: (values: TOutput) => Promise<void>) =>
    form.handleSubmit(async (values) => {
      setFailure(null);
      try {
        await action(values);
      } catch (error) {
        showFailure(error);
      }
    });

  return {
    ...form,
    failure,
    clearFailure: () => setFailure(null),
    describeField,
    bindField,
    showFailure,
    submitWith,
  };
}
