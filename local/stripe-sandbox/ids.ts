// Stripe-looking ids: a type prefix and 24 random base-62 characters (`cus_…`, `in_…`, `evt_…`).
import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function createId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export function createSecret(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('hex')}`;
}
