// Cookies as HTTP carries them: one parser of the request's cookies and one serializer of Set-Cookie values, for the
// session cookies (services/cookies.ts) and the OAuth state cookie (oauth/state-cookie.ts) alike.

export interface CookieSpec {
  name: string;
  value: string;
  maxAgeSeconds: number;
  path: string;
  secure: boolean;
}

/** A Set-Cookie value: HttpOnly and SameSite=Lax always; a Max-Age of 0 also expires it for old browsers. */
export function serializeCookie(cookie: CookieSpec): string {
  const parts = [
    `${cookie.name}=${cookie.value}`,
    `Max-Age=${cookie.maxAgeSeconds}`,
    `Path=${cookie.path}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (cookie.maxAgeSeconds === 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  if (cookie.secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * A cookie's value, from API Gateway v2's `cookies` array (["name=value", ...]) or a raw Cookie header; undefined
 * when it is absent or empty.
 */
export function readCookieValue(
  cookies: readonly string[] | string | undefined,
  name: string,
): string | undefined {
  const pairs =
    typeof cookies === 'string' ? cookies.split(';') : (cookies ?? []).flatMap((c) => c.split(';'));
  for (const pair of pairs) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    return value.length > 0 ? value : undefined;
  }
  return undefined;
}
