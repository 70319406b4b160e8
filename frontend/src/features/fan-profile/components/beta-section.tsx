// The beta wish: a fan asks once to try new features first; asking again changes nothing.
import { useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { SettingsPanel } from '../../../components/settings-panel';
import { describeFormFailure } from '../../../lib/form-failure';
import { joinBeta } from '../api/join-beta';
import { formatDate } from '../../../lib/format';

export const betaText = {
  title: 'Beta features',
  lead: 'Try new OpenPie features before everyone else and tell us what you think.',
  join: 'Join the beta',
  joining: 'Joining...',
  joined: (day: string) =>
    `You asked to join the beta on ${day}. We will let you know when there is something new.`,
  failed: 'We could not record your wish. Please try again.',
} as const;

export interface BetaSectionProps {
  joinedBetaAt: string | null;
  onSaved?: () => void;
}

export function BetaSection({ joinedBetaAt, onSaved }: BetaSectionProps) {
  const [joinedAt, setJoinedAt] = useState(joinedBetaAt);
  const [joining, setJoining] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const join = async () => {
    setJoining(true);
    setFailure(null);
    try {
      setJoinedAt((await joinBeta()).joinedBetaAt);
      onSaved?.();
    } catch (error) {
      setFailure(describeFormFailure(error, [], betaText.failed).message);
    } finally {
      setJoining(false);
    }
  };

  return (
    <SettingsPanel titleId="settings-beta" title={betaText.title} className="fan-settings__section">
      <p>{betaText.lead}</p>
      <div aria-live="polite" className="fan-settings__status">
        {joinedAt ? <FormAlert tone="success">{betaText.joined(formatDate(joinedAt))}</FormAlert> : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
      </div>
      {joinedAt ? null : (
        <button
          type="button"
          className="button button--secondary"
          disabled={joining}
          onClick={() => void join()}
        >
          {joining ? betaText.joining : betaText.join}
        </button>
      )}
    </SettingsPanel>
  );
}
