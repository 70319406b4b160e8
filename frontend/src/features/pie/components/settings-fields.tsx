// pie/settings' three settings on the shared settings fieldset (components/pie-settings-fields): here the artist limit
// is a slider and a number (0 = no limit) and the popularity tilt moves by ones. Every move updates the draft; the
// screen debounces the what-if preview and saves on demand.
import { useId } from 'react';
import { maximumArtistLimit } from '@contracts/pie';
import {
  PieSettingsFieldset,
  pieSettingsText,
  readArtistLimit,
} from '../../../components/pie-settings-fields';
import { describeArtistLimit, type SettingsDraft } from '../lib/settings-draft';

export const settingsFieldsText = {
  limitNumber: 'Most artists, as a number',
  limitHint: `The artists you listen to most share your pie, up to this many. 0 means no limit. At most ${maximumArtistLimit}.`,
  limitError: pieSettingsText.artistLimitError,
} as const;

export type SettingsFieldErrors = Partial<
  Record<'artistLimit' | 'artistPopularity' | 'excludeNonActive', string>
>;

export interface SettingsFieldsProps {
  draft: SettingsDraft;
  onChange: (next: SettingsDraft) => void;
  errors: SettingsFieldErrors;
  disabled: boolean;
}

export function SettingsFields({ draft, onChange, errors, disabled }: SettingsFieldsProps) {
  const id = useId();
  const limitError =
    readArtistLimit(draft.limitText) === null ? settingsFieldsText.limitError : errors.artistLimit;
  return (
    <PieSettingsFieldset value={draft} onChange={onChange} errors={errors} disabled={disabled} leanStep={1}>
      <div className={`field${limitError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={`${id}-limit`}>
          {pieSettingsText.artistLimit}
        </label>
        <p className="field__hint" id={`${id}-limit-hint`}>
          {settingsFieldsText.limitHint}
        </p>
        <div className="pie-settings__range">
          <input
            id={`${id}-limit`}
            type="range"
            min={0}
            max={maximumArtistLimit}
            step={1}
            value={draft.artistLimit}
            aria-valuetext={describeArtistLimit(draft.artistLimit)}
            aria-describedby={`${id}-limit-hint`}
            onChange={(event) => {
              const artistLimit = Number(event.target.value);
              onChange({ ...draft, artistLimit, limitText: String(artistLimit) });
            }}
          />
          <output htmlFor={`${id}-limit`} className="pie-settings__range-value">
            {describeArtistLimit(draft.artistLimit)}
          </output>
        </div>
        <label className="field__label pie-settings__sub-label" htmlFor={`${id}-limit-number`}>
          {settingsFieldsText.limitNumber}
        </label>
        <input
          id={`${id}-limit-number`}
          className="field__input pie-settings__number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={draft.limitText}
          aria-invalid={limitError ? true : undefined}
          aria-describedby={limitError ? `${id}-limit-error` : `${id}-limit-hint`}
          onChange={(event) => {
            const limitText = event.target.value;
            const artistLimit = readArtistLimit(limitText);
            onChange({ ...draft, limitText, artistLimit: artistLimit ?? draft.artistLimit });
          }}
        />
        {limitError ? (
          <p className="field__error" id={`${id}-limit-error`}>
            {limitError}
          </p>
        ) : null}
      </div>
    </PieSettingsFieldset>
  );
}
