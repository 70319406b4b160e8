// Which areas this browser is signed in to, as far as the SPA knows. The session cookies are HttpOnly (DESIGN §6), so
// script cannot see them, and asking an area's "who am I" call without its session answers 401, which by SPEC §4
// clears the fan AND the artist cookie. So an open page asks the server only about an area this hint names. The hint
// is set when a sign-in or a guard's check succeeds, and dropped on logout, on deletion and on every 401. It holds no
// secret: at worst it makes an open page ask one question too many.
import type { SessionRole } from './session';

const sessionHintsStorageKey = 'openpie_signed_in';
const allRoles: readonly SessionRole[] = ['fan', 'artist', 'admin'];

function isSessionRole(value: unknown): value is SessionRole {
  return typeof value === 'string' && (allRoles as readonly string[]).includes(value);
}

/** The areas the hint names; nothing when storage is blocked or holds something else. */
export function readSessionHints(): SessionRole[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(sessionHintsStorageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSessionRole) : [];
  } catch {
    return [];
  }
}

export function hasSessionHint(role: SessionRole): boolean {
  return readSessionHints().includes(role);
}

function writeSessionHints(roles: readonly SessionRole[]): void {
  try {
    if (roles.length === 0) window.localStorage.removeItem(sessionHintsStorageKey);
    else window.localStorage.setItem(sessionHintsStorageKey, JSON.stringify(roles));
  } catch {
    // Without storage open pages simply show their signed-out face; the guarded screens still work.
  }
}

export function rememberSessionHint(role: SessionRole): void {
  const roles = readSessionHints();
  if (!roles.includes(role)) writeSessionHints([...roles, role]);
}

export function forgetSessionHints(roles: readonly SessionRole[]): void {
  const current = readSessionHints();
  const kept = current.filter((role) => !roles.includes(role));
  if (kept.length !== current.length) writeSessionHints(kept);
}

/** The sessions a 401 from a role's API ends: the fan's and the artist's, and inside the admin API the staff one too. */
export function listRolesEndedByUnauthorized(role: SessionRole): SessionRole[] {
  return role === 'admin' ? [...allRoles] : ['fan', 'artist'];
}
