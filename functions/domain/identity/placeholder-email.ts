// Every account has an e-mail (the e-mail guard keeps it unique, and an account without one counts as erased), but
// X gives no address and a person may withhold it from Spotify or Facebook. Such accounts get a random address under
// the reserved `.invalid` top-level domain (RFC 2606), which no mail can ever reach and no one can register with,
// and replies show it as no address at all. See docs/decisions/006-social-sign-in.md.

export const placeholderEmailDomain = 'no-email.openpie.invalid';

/** The address that stands for "none", unique per random `id` (a UUID) so it can hold the account's e-mail guard. */
export function buildPlaceholderEmail(id: string): string {
  return `${id}@${placeholderEmailDomain}`;
}

/** True for the stand-in address of an account that has no e-mail. */
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  return typeof email === 'string' && email.endsWith(`@${placeholderEmailDomain}`);
}
