// A pie's split settings (SPEC §3 "Pie settings"), with what each one does in plain words. The fieldset is shared by
// every pie form: the funding flow and the free promo pie, which both start a pie with them, and pie/settings.
import { useId, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { maximumArtistLimit } from '@contracts/pie';
import { Field } from './form/field';
import './pie-pieces.css';

export interface PieSettingsValues {
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
}

/** What a fan starts with: every artist they listen to shares the pie by listening time alone. */
export const defaultPieSettings: PieSettingsValues = {
  artistLimit: 0,
  artistPopularity: 0,
  excludeNonActive: false,
};

/** While the fan types, the artist limit is text: it is read as a number only when the pie starts. */
export interface PieSettingsDraft {
  artistLimit: string;
  artistPopularity: number;
  excludeNonActive: boolean;
}

export const defaultPieSettingsDraft: PieSettingsDraft = {
  artistLimit: String(defaultPieSettings.artistLimit),
  artistPopularity: defaultPieSettings.artistPopularity,
  excludeNonActive: defaultPieSettings.excludeNonActive,
};

export const pieSettingsText = {
  legend: 'How your pie is split',
  artistLimit: 'Most artists in your pie',
  artistLimitHint: `The artists you listen to most share your pie, up to this many. 0 means no limit: everyone you listen to gets a share. At most ${maximumArtistLimit}.`,
  artistLimitError: `Enter a whole number from 0 to ${maximumArtistLimit}.`,
  artistPopularity: 'Lean toward less popular artists',
  artistPopularityHint:
    'At 0 your pie follows your listening time alone. The higher you set it, the more the shares of less popular artists are tilted up, within fixed limits.',
  excludeNonActive: 'Leave out artists who are no longer active',
  excludeNonActiveHint: 'Their share goes to the other artists you listen to.',
} as const;

/** `0` → "0: follow my listening only", `70` → "70 of 100". */
export function describePopularityLean(value: number): string {
  return value === 0 ? '0: follow my listening only' : `${value} of 100`;
}

export type PieSettingsErrors = Partial<Record<keyof PieSettingsValues, string>>;

/** The artist limit typed as text: a whole number from 0 to the maximum, or null. */
export function readArtistLimit(text: string): number | null {
  const trimmed = text.trim();
  const limit = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return limit >= 0 && limit <= maximumArtistLimit ? limit : null;
}

/**
 * The settings' fields of a form that starts a pie (`useServerForm`): the fan types the artist limit as text, and the
 * form reads it as the number the pie is sent.
 */
export const pieSettingsDraftFields = {
  artistLimit: z.pipe(
    z.string().check(z.refine((text) => readArtistLimit(text) !== null, pieSettingsText.artistLimitError)),
    z.transform((text) => Number(text.trim())),
  ),
  artistPopularity: z.number(),
  excludeNonActive: z.boolean(),
};

/** What the lean and the leave-out toggle read of a draft of the settings, however its artist limit is typed. */
interface PieSettingsLeanAndToggle {
  artistPopularity: number;
  excludeNonActive: boolean;
}

export interface PieSettingsFieldsetProps<Draft extends PieSettingsLeanAndToggle> {
  value: Draft;
  onChange: (next: Draft) => void;
  /** Messages from the last attempt (the screen's own check or the server's 422), by field. */
  errors?: PieSettingsErrors;
  disabled?: boolean;
  /** How far one step of the lean's slider moves it: by tens while a pie starts, by ones in pie/settings. */
  leanStep: number;
  /** The artist limit's field, which each form types its own way. */
  children: ReactNode;
}

/**
 * The settings' fieldset every pie form shows: its legend, the artist limit it is given, the lean toward less popular
 * artists and whether artists who are no longer active are left out.
 */
export function PieSettingsFieldset<Draft extends PieSettingsLeanAndToggle>({
  value,
  onChange,
  errors = {},
  disabled,
  leanStep,
  children,
}: PieSettingsFieldsetProps<Draft>) {
  const id = useId();
  const excludeHintId = `${id}-exclude-hint`;

  return (
    <fieldset className="pie-settings" disabled={disabled}>
      <legend className="pie-settings__legend">{pieSettingsText.legend}</legend>

      {children}

      <Field
        label={pieSettingsText.artistPopularity}
        id={`${id}-lean`}
        hint={pieSettingsText.artistPopularityHint}
        visibleError={errors.artistPopularity}
      >
        {(control) => (
          <div className="pie-settings__range">
            {/* A slider is never marked invalid: its message is tied to it through aria-describedby alone. */}
            <input
              id={control.id}
              type="range"
              min={0}
              max={100}
              step={leanStep}
              value={value.artistPopularity}
              aria-valuetext={describePopularityLean(value.artistPopularity)}
              aria-describedby={control['aria-describedby']}
              onChange={(event) => onChange({ ...value, artistPopularity: Number(event.target.value) })}
            />
            <output htmlFor={control.id} className="pie-settings__range-value">
              {describePopularityLean(value.artistPopularity)}
            </output>
          </div>
        )}
      </Field>

      <div className="pie-settings__toggle">
        <input
          id={`${id}-exclude`}
          type="checkbox"
          checked={value.excludeNonActive}
          aria-describedby={excludeHintId}
          onChange={(event) => onChange({ ...value, excludeNonActive: event.target.checked })}
        />
        <div>
          <label className="field__label" htmlFor={`${id}-exclude`}>
            {pieSettingsText.excludeNonActive}
          </label>
          <p className="field__hint" id={excludeHintId}>
            {pieSettingsText.excludeNonActiveHint}
          </p>
          {errors.excludeNonActive ? <p className="field__error">{errors.excludeNonActive}</p> : null}
        </div>
      </div>
    </fieldset>
  );
}

export interface PieSettingsFieldsProps {
  value: PieSettingsDraft;
  onChange: (next: PieSettingsDraft) => void;
  /** Messages from the last attempt (the screen's own check or the server's 422), by field. */
  errors?: PieSettingsErrors;
  disabled?: boolean;
}

/** The settings of a form that starts a pie: the artist limit typed as text. */
export function PieSettingsFields({ value, onChange, errors = {}, disabled }: PieSettingsFieldsProps) {
  const id = useId();

  return (
    <PieSettingsFieldset value={value} onChange={onChange} errors={errors} disabled={disabled} leanStep={10}>
      <Field
        label={pieSettingsText.artistLimit}
        id={`${id}-limit`}
        hint={pieSettingsText.artistLimitHint}
        visibleError={errors.artistLimit}
      >
        {(control) => (
          <input
            {...control}
            className="field__input pie-settings__number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={value.artistLimit}
            onChange={(event) => onChange({ ...value, artistLimit: event.target.value })}
          />
        )}
      </Field>
    </PieSettingsFieldset>
  );
}
