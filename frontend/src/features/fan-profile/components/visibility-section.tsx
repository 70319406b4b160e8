// Who may see the fan's profile (username, top artists, recent listening): only them, or every signed-in fan.
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { FanVisibilityValue } from '../../../../../functions/contracts/fan-profile';
import { FormAlert } from '../../auth/components/form-alert';
import { describeFormFailure } from '../../auth/lib/server-errors';
import { updateVisibility } from '../api/fan-profile-api';

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
  const [chosen, setChosen] = useState(visibility);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      const profile = await updateVisibility(chosen);
      setStored(profile.visibility);
      setStatus({ tone: 'success', text: visibilityText.saved[profile.visibility] });
      onSaved?.();
    } catch (error) {
      setStatus({ tone: 'error', text: describeFormFailure(error, [], visibilityText.failed).message ?? '' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="coming-soon__panel fan-settings__section" aria-labelledby="settings-visibility">
      <h2 id="settings-visibility" className="coming-soon__subtitle">
        {visibilityText.title}
      </h2>
      <p>{visibilityText.lead}</p>
      <form className="fan-settings__form" onSubmit={(event) => void submit(event)}>
        <fieldset className="choice-group">
          <legend className="field__label">{visibilityText.legend}</legend>
          {choices.map((choice) => (
            <label key={choice} className="choice-group__option">
              <input
                type="radio"
                name={groupName}
                value={choice}
                checked={chosen === choice}
                onChange={() => setChosen(choice)}
                aria-describedby={`${groupName}-${choice}`}
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
          <button type="submit" className="button button--primary" disabled={saving || chosen === stored}>
            {saving ? visibilityText.saving : visibilityText.save}
          </button>
          {profileHref ? (
            <Link className="button button--secondary" to={profileHref}>
              See your profile
            </Link>
          ) : null}
        </div>
        <div aria-live="polite">
          {status ? <FormAlert tone={status.tone}>{status.text}</FormAlert> : null}
        </div>
      </form>
    </section>
  );
}
