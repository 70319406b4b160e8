// Where a visitor was going when a guard sent them to sign in: the guard adds `?next=<path>` to the sign-in screen,
// and the screen goes there after signing in, instead of the area's home. Only a path inside the same area is
// followed, so the parameter can never send anyone to another site or another role's screens.
import type { SessionRole } from './session';

export const returnPathParam = 'next';

/** Paths each role may be returned to, and the sign-in screens that would only loop. */
const isInsideArea: Readonly<Record<SessionRole, (path: string) => boolean>> = {
  fan: (path) =>
    !/^\/(for-artists|admin|api|_sandbox|dev)(\/|$)/.test(path) && !/^\/(login|register)(\/|$)/.test(path),
  artist: (path) => path.startsWith('/for-artists/') && !/^\/for-artists\/(login|register)(\/|$)/.test(path),
  admin: (path) => path.startsWith('/admin/') && !path.startsWith('/admin/auth/'),
};

const hasControlCharacter = (text: string) => [...text].some((character) => character.charCodeAt(0) < 0x20);

/** The sign-in screen's path, carrying the place to come back to. */
export function withReturnPath(signInPath: string, target: string): string {
  return `${signInPath}?${new URLSearchParams({ [returnPathParam]: target }).toString()}`;
}

/** The place to go after signing in as `role`, when the query names a safe one; otherwise null. */
export function readReturnPath(search: URLSearchParams, role: SessionRole): string | null {
  const value = search.get(returnPathParam);
  if (!value || value.length > 2000) return null;
  // A path on this site: one leading slash, no scheme-relative `//`, no backslash or control character.
  if (
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\') ||
    hasControlCharacter(value)
  ) {
    return null;
  }
  const { pathname, search: query, hash } = new URL(value, 'http://openpie.invalid');
  // The normalised path (no `..`) is what is checked, and what is followed.
  return isInsideArea[role](pathname) ? `${pathname}${query}${hash}` : null;
}
