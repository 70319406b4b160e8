// The fan-profile parts of the settings screen: username, visibility and beta.
import { useRevalidator } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import '../fan-profile.css';
import { readSessionProfile } from '../lib/session-profile';
import { BetaSection } from './beta-section';
import { UsernameSection } from './username-section';
import { VisibilitySection } from './visibility-section';

export interface ProfileSettingsProps {
  /** The session's account (GET /api/user). */
  account: unknown;
}

export function ProfileSettings({ account }: ProfileSettingsProps) {
  const profile = readSessionProfile(account);
  // The session (GET /api/user) holds the profile too: refresh it so other screens see the change.
  const revalidator = useRevalidator();
  const refreshSession = () => void revalidator.revalidate();
  return (
    <>
      <UsernameSection username={profile.username} onSaved={refreshSession} />
      <VisibilitySection
        visibility={profile.visibility}
        onSaved={refreshSession}
        profileHref={profile.id ? paths.fan.user({ userID: profile.id }) : null}
      />
      <BetaSection joinedBetaAt={profile.joinedBetaAt} onSaved={refreshSession} />
    </>
  );
}
