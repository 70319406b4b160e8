// What the two ways of starting a pie (the funding form of /pie and the free pie offer) share: the split settings as
// form fields, and around their submit the refusal shown below the form (and focused), the server's 422 messages put
// under the fields they name, and the focus moved to the first field a finished submit left invalid.
import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import { useWatch, type Control, type Path, type UseFormSetValue } from 'react-hook-form';
import { isApiError } from '../lib/api-client';
import type { FieldStatus } from '../lib/use-server-form';
import type { PieSettingsDraft } from './pie-settings-fields';

/** The settings' fields, each of which the server may name in a 422 and which then shows under its own field. */
export const pieSettingNames = ['artistLimit', 'artistPopularity', 'excludeNonActive'] as const;

/** What a pie start form (`useServerForm`) lends the settings' fields; its values hold a draft of the settings. */
export interface PieSettingsFormParts<Values extends PieSettingsDraft, Output> {
  control: Control<Values, unknown, Output>;
  setValue: UseFormSetValue<Values>;
  describeField: (name: Path<Values>) => FieldStatus;
}

/** The same parts seen through the settings' fields alone. */
interface PieSettingsParts {
  control: Control<PieSettingsDraft>;
  setValue: UseFormSetValue<PieSettingsDraft>;
  describeField: (name: keyof PieSettingsDraft) => FieldStatus;
}

/**
 * The split settings of a pie start form, as its end (PieStartFormEnd) takes them: their values as they stand, each
 * one's message once touched, and a change that validates and dirties only the settings that moved.
 */
export function usePieSettingsDraft<Values extends PieSettingsDraft, Output>(
  form: PieSettingsFormParts<Values, Output>,
) {
  // The form's values extend the draft, so its settings' fields are the draft's: read and set them by those names.
  const { control, setValue, describeField } = form as unknown as PieSettingsParts;
  const [artistLimit, artistPopularity, excludeNonActive] = useWatch({ control, name: [...pieSettingNames] });
  const settings: PieSettingsDraft = { artistLimit, artistPopularity, excludeNonActive };

  const errorOf = (name: keyof PieSettingsDraft) => {
    const { error, touched } = describeField(name);
    return touched ? error : undefined;
  };

  const changeSettings = (next: PieSettingsDraft) => {
    for (const name of pieSettingNames) {
      if (next[name] !== settings[name])
        setValue(name, next[name], { shouldValidate: true, shouldDirty: true });
    }
  };

  return { settings, settingsErrorOf: errorOf, onSettingsChange: changeSettings };
}

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
