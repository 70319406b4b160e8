// What the two ways of starting a pie (the funding form of /pie and the free pie offer) share around their submit: the
// refusal shown below the form (and focused), the server's 422 messages put under the fields they name, and the focus
// moved to the first field a finished submit left invalid.
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { isApiError } from '../lib/api-client';

/** The fields of `names` a 422 refusal gave a message for (none for any other failure). */
export function serverFieldsNamed<Name extends string>(
  error: unknown,
  names: readonly Name[],
): { readonly name: Name; readonly message: string }[] {
  if (!isApiError(error) || error.status !== 422) return [];
  return names.flatMap((name) => {
    const message = error.fields[name];
    return message ? [{ name, message }] : [];
  });
}

/** The submit around a pie start form: `formRef` is on the form, `failureRef` on the block showing a refusal. */
export function usePieStartSubmit(
  formRef: RefObject<HTMLFormElement | null>,
  failureRef: RefObject<HTMLDivElement | null>,
) {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // Counts finished submits: after each, once its messages are on screen, the first field they name gets the focus.
  const [submits, setSubmits] = useState(0);
  useEffect(() => {
    if (submits > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submits, formRef]);

  /** Shows a refusal no field owns below the form, with the focus on it. */
  const showFailure = (error: unknown) => {
    setFailure({ error });
    requestAnimationFrame(() => failureRef.current?.focus());
  };

  /** Whatever refused the form, the page or the server, the first field it names gets the focus. */
  const submit = async (
    submitValid: (event: FormEvent<HTMLFormElement>) => Promise<void>,
    event: FormEvent<HTMLFormElement>,
  ) => {
    setFailure(null);
    await submitValid(event);
    setSubmits((count) => count + 1);
  };

  return { failure, showFailure, submit };
}
