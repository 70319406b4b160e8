// One spelling per mailbox: accounts, guards, rate limits, lookups and the addresses providers give all key on the
// normalised address, so "Fan@Example.com " and "fan@example.com" are the same person.

/** Trimmed, Unicode-normalised (NFC) and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** The same for an address a provider may not give (X) or the person withheld: null when there is none. */
export function normalizeOptionalEmail(email: string | null | undefined): string | null {
  const normalized = email === null || email === undefined ? '' : normalizeEmail(email);
  return normalized === '' ? null : normalized;
}
