// What a failed call means for a form: messages for fields the server named (422), or one sentence for the form.
import { isApiError } from '../../../lib/api-client';

export interface FormFailure {
  /** Field name → the server's message, for fields of this form only. */
  fields: Record<string, string>;
  /** A sentence for the whole form, or null when every problem belongs to a field. */
  message: string | null;
  status: number;
}

/** Splits a failure into field messages (only for `fieldNames`) and a form message, with `fallback` for the unknown. */
export function describeFormFailure(
  error: unknown,
  fieldNames: readonly string[],
  fallback: string,
): FormFailure {
  if (!isApiError(error)) return { fields: {}, message: fallback, status: 0 };
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields)) {
    if (fieldNames.includes(name)) fields[name] = message;
  }
  const allOnFields =
    Object.keys(fields).length > 0 && Object.keys(error.fields).length === Object.keys(fields).length;
  return { fields, message: allOnFields ? null : error.message || fallback, status: error.status };
}
