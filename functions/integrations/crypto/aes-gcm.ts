// AES-256-GCM as OpenPie seals with it: a random 96-bit IV for every message, the 128-bit tag after the ciphertext,
// and additional data that binds a sealed value to where it belongs (a record, a purpose), so it opens nowhere else.
// The token cipher (provider tokens at rest) and the sign-in state cookie both seal with it.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const aesGcmIvBytes = 12;
export const aesGcmTagBytes = 16;

export interface AesGcmSealed {
  iv: Buffer;
  /** The ciphertext, then the authentication tag. */
  body: Buffer;
}

/** Seals `plaintext` under a 256-bit key, with a fresh random IV. */
export function sealAesGcm(key: Uint8Array, plaintext: string, additionalData: Uint8Array): AesGcmSealed {
  const iv = randomBytes(aesGcmIvBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(additionalData);
  return { iv, body: Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]) };
}

/** The plaintext of a sealed value; throws when it is malformed, altered, or sealed with another key or data. */
export function openAesGcm(key: Uint8Array, sealed: AesGcmSealed, additionalData: Uint8Array): string {
  const { iv, body } = sealed;
  if (iv.byteLength !== aesGcmIvBytes || body.byteLength < aesGcmTagBytes) {
    throw new Error('A sealed value is malformed.');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(additionalData);
  decipher.setAuthTag(body.subarray(body.byteLength - aesGcmTagBytes));
  return Buffer.concat([
    decipher.update(body.subarray(0, body.byteLength - aesGcmTagBytes)),
    decipher.final(),
  ]).toString('utf8');
}
