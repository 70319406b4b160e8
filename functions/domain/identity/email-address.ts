// One spelling per mailbox: accounts, guards, rate limits and lookups all key on the normalised address, so
// "Fan@Example.com " and "fan@example.com" are the same person.

/** Trimmed, Unicode-normalised (NFC) and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}
