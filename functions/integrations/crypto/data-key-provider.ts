// Where data keys come from. The envelope (token-cipher.ts) encrypts each token with a 256-bit data key and keeps
// that key only wrapped by a key-encryption key it never sees: in AWS a KMS key (GenerateDataKey / Decrypt), locally
// a key from TOKEN_ENCRYPTION_KEY. The port is shaped after KMS so its adapter is a thin translation.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface DataKey {
  /** The key-encryption key that wrapped it (KMS key ARN, or a local key's fingerprint). */
  keyId: string;
  plaintext: Uint8Array;
  wrapped: Uint8Array;
}

export interface DataKeyProvider {
  /** The key-encryption key new data keys are wrapped with; older ones stay readable. */
  readonly currentKeyId: string;
  /** A fresh random AES-256 key, in clear and wrapped (KMS GenerateDataKey with KeySpec AES_256). */
  generateDataKey(): Promise<DataKey>;
  /** The clear key back from its wrapped form (KMS Decrypt). Throws when the key or the wrapping is wrong. */
  unwrapDataKey(keyId: string, wrapped: Uint8Array): Promise<Uint8Array>;
}

export interface LocalKey {
  /** 32 bytes. */
  key: Uint8Array;
}

const wrapAad = Buffer.from('openpie-data-key-v1');

/**
 * Key-encryption keys held in this process. The first is current; the rest (previous keys after a rotation) only
 * unwrap data keys they wrapped before. Ids are fingerprints, so a ciphertext says which key it needs without
 * revealing it.
 */
export function createLocalDataKeyProvider(keys: readonly LocalKey[]): DataKeyProvider {
  if (keys.length === 0) throw new Error('createLocalDataKeyProvider needs at least one key');
  const byId = new Map<string, Uint8Array>();
  for (const { key } of keys) {
    if (key.byteLength !== 32) throw new Error('A local token encryption key must be 32 bytes');
    byId.set(fingerprintOf(key), key);
  }
  const currentKeyId = fingerprintOf(keys[0]!.key);
  const currentKey = keys[0]!.key;

  return {
    currentKeyId,
    async generateDataKey() {
      const plaintext = randomBytes(32);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv).setAAD(wrapAad);
      const wrapped = Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      return { keyId: currentKeyId, plaintext, wrapped };
    },
    async unwrapDataKey(keyId, wrapped) {
      const key = byId.get(keyId);
      if (!key) throw new Error(`No local token encryption key ${keyId}`);
      const bytes = Buffer.from(wrapped);
      if (bytes.byteLength !== 12 + 32 + 16) throw new Error('A wrapped data key has the wrong length');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12)).setAAD(wrapAad);
      decipher.setAuthTag(bytes.subarray(12 + 32));
      return Buffer.concat([decipher.update(bytes.subarray(12, 12 + 32)), decipher.final()]);
    },
  };
}

function fingerprintOf(key: Uint8Array): string {
  return `local-${createHash('sha256').update('openpie-token-key').update(key).digest('hex').slice(0, 16)}`;
}
