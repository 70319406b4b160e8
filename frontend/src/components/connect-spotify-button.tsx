// The button a signed-in fan connects Spotify with: Spotify's sign-in for a fan who is signed in connects it, then
// comes back to the page it was opened from (decision 006). It stays busy while the page leaves.
import { useState } from 'react';
import { browserActions } from '../lib/browser-actions';
import { detectDeviceType } from '../lib/device-type';
import { buildFanSignInUrl, type FanSignInOptions } from '../lib/social-sign-in-urls';

export interface ConnectSpotifyButtonProps {
  label: string;
  /** Shown while the page leaves for Spotify. */
  leavingLabel: string;
  returnTo: NonNullable<FanSignInOptions['returnTo']>;
}

export function ConnectSpotifyButton({ label, leavingLabel, returnTo }: ConnectSpotifyButtonProps) {
  const [leaving, setLeaving] = useState(false);
  return (
    <button
      type="button"
      className="button button--primary"
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        browserActions.goTo(buildFanSignInUrl('spotify', { deviceType: detectDeviceType(), returnTo }));
      }}
    >
      {leaving ? leavingLabel : label}
    </button>
  );
}
