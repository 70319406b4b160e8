// Who may see the fan's profile (username, top artists, recent listening): only them, or every signed-in fan.
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  visibilityUpdateSchema,
  type FanVisibilityValue,
  type VisibilityUpdatePayload,
} from '@contracts/fan-profile';
import { FormAlert } from '../../../components/form/form-alert';
import { SettingsPanel } from '../../../components/settings-panel';
import { useServerForm } from '../../../lib/use-server-form';
import { updateVisibility } from '../api/update-visibility';

export const visibilityText = {
  title: 'Profile visibility',
  lead: 'Your profile shows your username, your top artists of the last 30 days and your recent listening.',
  legend: 'Who can see your profile',
  options: {
    private: { label: 'Only me', detail: 'Nobody else can open your profile. This is the default.' },
    fans: {
      label: 'OpenPie fans',
      detail:
        'Any signed-in OpenPie fan with the link to your profile can see it. Your e-mail and pie stay private.',
    },
  },
  save: 'Save visibility',
  saving: 'Saving...',
  saved: {
    private: 'Saved. Only you can see your profile.',
    fans: 'Saved. OpenPie fans can see your profile.',
  },
  failed: 'We could not save your choice. Please try again.',
} as const;

const choices: readonly FanVisibilityValue[] = ['private', 'fans'];

export interface VisibilitySectionProps {
  visibility: FanVisibilityValue;
  /** Where the fan's own profile is, to check what others see. */
  profileHref: string | null;
  onSaved?: () => void;
}

export function VisibilitySection({ visibility, profileHref, onSaved }: VisibilitySectionProps) {
  const groupName = useId();
  const [stored, setStored] = useState(visibility);
  const [saved, setSaved] = useState<string | null>(null);
  const { register, submitWith, failure, formState, control } = useServerForm<VisibilityUpdatePayload>({
    schema: visibilityUpdateSchema,
    defaultValues: { visibility },
    fallback: visibilityText.failed,
  });
  const chosen = useWatch({ control, name: 'visibility' });

  const submit = submitWith(async (payload) => {
    setSaved(null);
    const profile = await updateVisibility(payload.visibility);
    setStored(profile.visibility);
    setSaved(visibilityText.saved[profile.visibility]);
    onSaved?.();
  });

  return (
    <SettingsPanel
      titleId="settings-visibility"
      title={visibilityText.title}
      className="fan-settings__section"
    >
      <p>{visibilityText.lead}</p>
      <form className="fan-settings__form" noValidate onSubmit={submit}>
        <fieldset className="choice-group">
          <legend className="field__label">{visibilityText.legend}</legend>
          {choices.map((choice) => (
            <label key={choice} className="choice-group__option">
              <input
                type="radio"
                value={choice}
                aria-describedby={`${groupName}-${choice}`}
                {...register('visibility')}
              />
              <span className="choice-group__text">
                <span className="choice-group__label">{visibilityText.options[choice].label}</span>
                <span className="choice-group__detail" id={`${groupName}-${choice}`}>
                  {visibilityText.options[choice].detail}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="fan-settings__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={formState.isSubmitting || chosen === stored}
          >
            {formState.isSubmitting ? visibilityText.saving : visibilityText.save}
          </button>
          {profileHref ? (
            <Link className="button button--secondary" to={profileHref}>
              See your profile
            </Link>
          ) : null}
        </div>
        <div aria-live="polite">
          {saved ? <FormAlert tone="success">{saved}</FormAlert> : null}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
        </div>
      </form>
    </SettingsPanel>
  );
}
