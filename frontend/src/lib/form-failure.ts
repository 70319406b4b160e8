// What a failed call means for a form. The server's failure envelope is `{ success: false, message, code, fields? }`
// (DESIGN §1): each field message the form can show goes under its field, and everything else (the message, and field
// messages for fields the form does not have) is one sentence for the form's alert.
import { isApiError } from './api-client';

export interface FormFailure {
  /** Field name → the server's message, for fields of this form only. */
  fields: Record<string, string>;
  /** A sentence for the whole form, or null when every problem belongs to a field of the form. */
  message: string | null;
  /** 0 when the server was never reached or the failure was not the server's. */
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
  const elsewhere: string[] = [];
  for (const [name, message] of Object.entries(error.fields)) {
    if (fieldNames.includes(name)) fields[name] = message;
    else elsewhere.push(message);
  }
  const general = error.message || fallback;
  let message: string | null = general;
  // Field messages the form cannot place would otherwise be lost behind a general "some fields need attention".
  if (elsewhere.length > 0) message = [general, ...elsewhere].join(' ');
  else if (Object.keys(fields).length > 0) message = null;
  return { fields, message, status: error.status };
}
