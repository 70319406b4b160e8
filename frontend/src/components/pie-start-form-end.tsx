// How the two ways of starting a pie (the funding form of /pie and the free pie offer) end: the split settings with
// the messages under them, the refusal no field owns (focusable, see usePieStartSubmit), and the submit button, busy
// while the pie starts.
import type { ReactNode, RefObject } from 'react';
import { BusyButton } from './busy-button';
import { PieSettingsFields, type PieSettingsDraft } from './pie-settings-fields';
import { PieStartFailure } from './pie-start-failure';

export interface PieStartFormEndProps {
  settings: PieSettingsDraft;
  onSettingsChange: (next: PieSettingsDraft) => void;
  /** The message shown under a setting, if any. */
  settingsErrorOf: (name: keyof PieSettingsDraft) => string | undefined;
  sending: boolean;
  failure: { error: unknown } | null;
  failureRef: RefObject<HTMLDivElement | null>;
  text: { submit: string; submitting: string };
  /** The submit row's class, and a line beside the button. */
  submitClassName?: string;
  submitHint?: ReactNode;
}

export function PieStartFormEnd({
  settings,
  onSettingsChange,
  settingsErrorOf,
  sending,
  failure,
  failureRef,
  text,
  submitClassName,
  submitHint,
}: PieStartFormEndProps) {
  return (
    <>
      <PieSettingsFields
        value={settings}
        onChange={onSettingsChange}
        errors={{
          artistLimit: settingsErrorOf('artistLimit'),
          artistPopularity: settingsErrorOf('artistPopularity'),
          excludeNonActive: settingsErrorOf('excludeNonActive'),
        }}
        disabled={sending}
      />
      {failure ? (
        <div ref={failureRef} tabIndex={-1}>
          <PieStartFailure error={failure.error} />
        </div>
      ) : null}
      <div className={submitClassName}>
        <BusyButton busy={sending} label={text.submit} busyLabel={text.submitting} />
        {submitHint}
      </div>
    </>
  );
}
