// Proof Key for Code Exchange (RFC 7636) with the S256 method: a stolen authorization code is useless without the
// verifier, which never leaves our server and the browser's sealed state cookie.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes as base64url: 43 characters from RFC 7636's unreserved set, as its §4.1 recommends. */
export function createCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** BASE64URL(SHA256(ASCII(code_verifier))), RFC 7636 §4.2. */
export function deriveCodeChallenge(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}

/** A verifier RFC 7636 §4.1 allows: 43 to 128 characters of [A-Z] [a-z] [0-9] - . _ ~ */
export function isValidCodeVerifier(value: string): boolean {
  return /^[A-Za-z0-9\-._~]{43,128}$/.test(value);
}
