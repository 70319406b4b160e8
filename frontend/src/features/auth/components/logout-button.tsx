// Log out of one area (SPEC §6): end the server session, then a full load of that area's sign-in page, which also
// drops whatever the signed-in screens had cached.
import { useState } from 'react';
import { browserActions } from '../../../lib/browser-actions';
import { signInPaths, type SessionRole } from '../../../lib/session';
import { logOut } from '../api/log-out';
import '../auth.css';

export const logoutText = { idle: 'Log out', busy: 'Logging out...' } as const;

export interface LogoutButtonProps {
  role: SessionRole;
  className?: string;
}

export function LogoutButton({
  role,
  className = 'button button--small button--secondary',
}: LogoutButtonProps) {
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    try {
      await logOut(role);
    } catch {
      // Already signed out, or the server is unreachable: the sign-in page is still the right place to be.
    }
    browserActions.goTo(signInPaths[role]);
  };
  return (
    <button
      type="button"
      className={`${className} logout-button`}
      disabled={busy}
      onClick={() => void leave()}
    >
      {busy ? logoutText.busy : logoutText.idle}
    </button>
  );
}
