// Provider tokens at rest (Spotify's, for the listening work): AES-256-GCM under a data key that is stored only
// wrapped by a key-encryption key (envelope encryption). The sealed text is versioned and names its key, so keys
// can rotate: new writes use the current key, old values stay readable and can be re-sealed lazily.
//
//   v1.<key id>.<wrapped data key>.<iv>.<ciphertext + tag>     (each part base64url)
//
// The caller's context (e.g. `spotify-tokens:<fan id>`) is authenticated too, so a value copied onto another
// record does not decrypt there.
import { aesGcmIvBytes, aesGcmTagBytes, openAesGcm, sealAesGcm } from './aes-gcm';
import type { DataKey, DataKeyProvider } from './data-key-provider';
import { createLocalDataKeyProvider } from './data-key-provider';
import { createKmsDataKeyProvider } from './kms-data-key-provider';

export interface TokenCipher {
  encrypt(plaintext: string, context: string): Promise<string>;
  /** Throws TokenDecryptionError when the value was altered, sealed for another context or with an unknown key. */
  decrypt(sealed: string, context: string): Promise<string>;
  /** True when the value was sealed with an older format or key and should be re-encrypted on the next write. */
  needsReEncryption(sealed: string): boolean;
}

export class TokenDecryptionError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`A stored token could not be decrypted: ${reason}`, options);
    this.name = 'TokenDecryptionError';
  }
}

export interface TokenCipherOptions {
  /** How long one data key encrypts before a new one is asked for (fewer KMS calls on a warm Lambda). */
  dataKeyLifetimeMs?: number;
  /** How many values one data key may encrypt (random 96-bit IVs stay far from collisions). */
  dataKeyMaxUses?: number;
  clock?: () => number;
}

const formatVersion = 'v1';
const unwrappedCacheSize = 100;

export function createTokenCipher(keys: DataKeyProvider, options: TokenCipherOptions = {}): TokenCipher {
  const lifetimeMs = options.dataKeyLifetimeMs ?? 5 * 60 * 1000;
  const maxUses = options.dataKeyMaxUses ?? 10_000;
  const clock = options.clock ?? Date.now;
  let current: { dataKey: DataKey; wrapped: string; expiresAt: number; uses: number } | undefined;
  const unwrapped = new Map<string, Uint8Array>();

  async function currentDataKey() {
    if (!current || current.expiresAt <= clock() || current.uses >= maxUses) {
      const dataKey = await keys.generateDataKey();
      current = { dataKey, wrapped: encode(dataKey.wrapped), expiresAt: clock() + lifetimeMs, uses: 0 };
    }
    current.uses += 1;
    return current;
  }

  async function unwrap(keyId: string, wrapped: string): Promise<Uint8Array> {
    const cacheKey = `${keyId}.${wrapped}`;
    const cached = unwrapped.get(cacheKey);
    if (cached) return cached;
    const plaintext = await keys.unwrapDataKey(keyId, decode(wrapped));
    if (unwrapped.size >= unwrappedCacheSize) unwrapped.delete(unwrapped.keys().next().value as string);
    unwrapped.set(cacheKey, plaintext);
    return plaintext;
  }

  return {
    async encrypt(plaintext, context) {
      const { dataKey, wrapped } = await currentDataKey();
      const keyId = encode(Buffer.from(dataKey.keyId, 'utf8'));
      const { iv, body } = sealAesGcm(dataKey.plaintext, plaintext, additionalData(keyId, wrapped, context));
      return [formatVersion, keyId, wrapped, encode(iv), encode(body)].join('.');
    },

    async decrypt(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 5) throw new TokenDecryptionError('not a sealed token');
      const [version, keyId, wrapped, iv, body] = parts as [string, string, string, string, string];
      if (version !== formatVersion) throw new TokenDecryptionError(`unknown format ${version}`);
      const ivBuffer = decode(iv);
      const bodyBuffer = decode(body);
      if (ivBuffer.byteLength !== aesGcmIvBytes || bodyBuffer.byteLength < aesGcmTagBytes) {
        throw new TokenDecryptionError('malformed');
      }
      let dataKey: Uint8Array;
      try {
        dataKey = await unwrap(decode(keyId).toString('utf8'), wrapped);
      } catch (error) {
        throw new TokenDecryptionError('its data key could not be unwrapped', { cause: error });
      }
      try {
        return openAesGcm(
          dataKey,
          { iv: ivBuffer, body: bodyBuffer },
          additionalData(keyId, wrapped, context),
        );
      } catch (error) {
        throw new TokenDecryptionError('it was altered or belongs to another record', { cause: error });
      }
    },

    needsReEncryption(sealed) {
      const [version, keyId] = sealed.split('.');
      return (
        version !== formatVersion ||
        keyId === undefined ||
        decode(keyId).toString('utf8') !== keys.currentKeyId
      );
    },
  };
}

function additionalData(keyId: string, wrapped: string, context: string): Buffer {
  return Buffer.from(`openpie-token.${formatVersion}.${keyId}.${wrapped}.${context}`, 'utf8');
}

function encode(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

function decode(text: string): Buffer {
  return Buffer.from(text, 'base64url');
}

/** Which key-encryption key seals the tokens (functions/runtime/token-encryption-settings.ts). */
export type TokenKeySettings =
  | { source: 'kms'; keyId: string; region: string | undefined }
  | { source: 'local-keys'; keys: readonly Uint8Array[] };

/**
 * The token cipher for these settings: a KMS envelope (kms-data-key-provider.ts; `kms` replaces the adapter in
 * tests), or local keys, the first current and the rest readable after a rotation.
 */
export function createConfiguredTokenCipher(
  settings: TokenKeySettings,
  adapters: { kms?: (keyId: string) => DataKeyProvider } = {},
  options: TokenCipherOptions = {},
): TokenCipher {
  if (settings.source === 'kms') {
    const kms =
      adapters.kms ?? ((keyId: string) => createKmsDataKeyProvider({ keyId, region: settings.region }));
    return createTokenCipher(kms(settings.keyId), options);
  }
  return createTokenCipher(createLocalDataKeyProvider(settings.keys.map((key) => ({ key }))), options);
}
