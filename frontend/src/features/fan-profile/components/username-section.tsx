// The username part of the fan's settings: unique among fans (any case), checked as the fan types once a field is
// touched, with the server's word on a name another fan holds.
import { useState } from 'react';
import { usernameRules, usernameUpdateSchema, type UsernameUpdatePayload } from '@contracts/fan-profile';
import { FormAlert } from '../../../components/form/form-alert';
import { SettingsPanel } from '../../../components/settings-panel';
import { TextInput } from '../../../components/form/text-input';
import { useServerForm } from '../../../lib/use-server-form';
import { updateUsername } from '../api/update-username';

export const usernameText = {
  title: 'Username',
  lead: 'Fans who can see your profile know you by this name. It is unique on OpenPie.',
  label: 'Username',
  hint: `${usernameRules.minLength} to ${usernameRules.maxLength} characters: letters, digits, _ and .`,
  save: 'Save username',
  saving: 'Saving...',
  saved: (name: string) => `Saved. Your username is now ${name}.`,
  failed: 'We could not save your username. Please try again.',
} as const;

export interface UsernameSectionProps {
  username: string | null;
  onSaved?: () => void;
}

export function UsernameSection({ username, onSaved }: UsernameSectionProps) {
  const [saved, setSaved] = useState<string | null>(null);
  const { bindField, submitWith, failure, formState } = useServerForm<UsernameUpdatePayload>({
    schema: usernameUpdateSchema,
    defaultValues: { username: username ?? '' },
    fallback: usernameText.failed,
  });

  const submit = submitWith(async (payload) => {
    setSaved(null);
    const profile = await updateUsername(payload);
    setSaved(usernameText.saved(profile.username ?? payload.username));
    onSaved?.();
  });

  return (
    <SettingsPanel titleId="settings-username" title={usernameText.title} className="fan-settings__section">
      <p>{usernameText.lead}</p>
      <form className="fan-settings__form" noValidate onSubmit={submit} aria-labelledby="settings-username">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <TextInput
          label={usernameText.label}
          hint={usernameText.hint}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          {...bindField('username')}
        />
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? usernameText.saving : usernameText.save}
        </button>
        <div aria-live="polite">{saved ? <FormAlert tone="success">{saved}</FormAlert> : null}</div>
      </form>
    </SettingsPanel>
  );
}
