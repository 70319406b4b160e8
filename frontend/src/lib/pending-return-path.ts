// Where someone who registered was going (an office invitation's page), kept in this browser across the hop through
// the verification mail: the registration screen remembers its `?next=`, and the verification screen's "Log in" carries
// it to the login, which goes there once signed in. Read back through readReturnPath, so only a safe path in the
// artist area is ever followed; a browser that keeps nothing simply lands in the area as before.
import type { SessionRole } from './session';
import { readReturnPath, returnPathParam } from './return-path';

const storageKey = (role: SessionRole) => `openpie.pendingReturnPath.${role}`;

export function rememberPendingReturnPath(role: SessionRole, path: string): void {
  try {
    window.localStorage.setItem(storageKey(role), path);
  } catch {
    // Storage refused (private mode, quota): the person lands in the area, as without it.
  }
}

/** The remembered place, if it is still a safe one for `role`; null otherwise. */
export function readPendingReturnPath(role: SessionRole): string | null {
  try {
    const path = window.localStorage.getItem(storageKey(role));
    return path ? readReturnPath(new URLSearchParams({ [returnPathParam]: path }), role) : null;
  } catch {
    return null;
  }
}
