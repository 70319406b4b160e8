import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DataKeyProvider } from '../../functions/integrations/crypto/data-key-provider';
import { createLocalDataKeyProvider } from '../../functions/integrations/crypto/data-key-provider';
import { createTokenCipher, TokenDecryptionError } from '../../functions/integrations/crypto/token-cipher';
import { loadTokenCipher } from '../../functions/services/token-cipher';

const newKey = () => randomBytes(32);
const contextOf = () => `spotify-tokens:fan-${randomUUID()}`;

/** Counts how often the key-encryption side is asked, as a KMS bill would. */
function countingProvider(inner: DataKeyProvider) {
  const calls = { generate: 0, unwrap: 0 };
  const provider: DataKeyProvider = {
    currentKeyId: inner.currentKeyId,
    generateDataKey: () => {
      calls.generate += 1;
      return inner.generateDataKey();
    },
    unwrapDataKey: (keyId, wrapped) => {
      calls.unwrap += 1;
      return inner.unwrapDataKey(keyId, wrapped);
    },
  };
  return { provider, calls };
}

describe('provider tokens at rest', () => {
  it('come back as they went in, sealed in a versioned format that hides them', async () => {
    // Prepare
    const cipher = createTokenCipher(createLocalDataKeyProvider([{ key: newKey() }]));
    const context = contextOf();
    const token = `BQD-spotify-refresh-${randomUUID()}`;
    // Act
    const sealed = await cipher.encrypt(token, context);
    const opened = await cipher.decrypt(sealed, context);
    // Assess
    expect(opened).toBe(token);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(await cipher.encrypt(token, context)).not.toBe(sealed);
  });

  it.each([0, 1, 2, 3, 4])('refuse to open when part %i of the sealed value was altered', async (part) => {
    // Prepare
    const cipher = createTokenCipher(createLocalDataKeyProvider([{ key: newKey() }]));
    const context = contextOf();
    const parts = (await cipher.encrypt('a-token', context)).split('.');
    const target = parts[part]!;
    parts[part] = `${target.slice(0, 2)}${target[2] === 'A' ? 'B' : 'A'}${target.slice(3)}`;
    // Act
    const result = cipher.decrypt(parts.join('.'), context);
    // Assess
    await expect(result).rejects.toBeInstanceOf(TokenDecryptionError);
  });

  it('refuse to open on another record (another context)', async () => {
    // Prepare
    const cipher = createTokenCipher(createLocalDataKeyProvider([{ key: newKey() }]));
    const sealed = await cipher.encrypt('a-token', contextOf());
    // Act / Assess
    await expect(cipher.decrypt(sealed, contextOf())).rejects.toThrow(/altered or belongs to another record/);
  });

  it('refuse to open without the key that sealed them', async () => {
    // Prepare
    const sealed = await createTokenCipher(createLocalDataKeyProvider([{ key: newKey() }])).encrypt('t', 'c');
    const stranger = createTokenCipher(createLocalDataKeyProvider([{ key: newKey() }]));
    // Act / Assess
    await expect(stranger.decrypt(sealed, 'c')).rejects.toThrow(/data key could not be unwrapped/);
  });

  it('stay readable after a key rotation and ask to be sealed again', async () => {
    // Prepare
    const oldKey = newKey();
    const context = contextOf();
    const sealedBefore = await createTokenCipher(createLocalDataKeyProvider([{ key: oldKey }])).encrypt(
      't1',
      context,
    );
    const rotated = createTokenCipher(createLocalDataKeyProvider([{ key: newKey() }, { key: oldKey }]));
    // Act
    const opened = await rotated.decrypt(sealedBefore, context);
    const sealedAfter = await rotated.encrypt('t1', context);
    // Assess
    expect(opened).toBe('t1');
    expect(rotated.needsReEncryption(sealedBefore)).toBe(true);
    expect(rotated.needsReEncryption(sealedAfter)).toBe(false);
  });

  it('reuse a data key for a while and unwrap each one once', async () => {
    // Prepare
    let now = 1_000_000;
    const { provider, calls } = countingProvider(createLocalDataKeyProvider([{ key: newKey() }]));
    const cipher = createTokenCipher(provider, { dataKeyLifetimeMs: 60_000, clock: () => now });
    // Act
    const first = await cipher.encrypt('a', 'c');
    const second = await cipher.encrypt('b', 'c');
    now += 60_001;
    await cipher.encrypt('c', 'c');
    await cipher.decrypt(first, 'c');
    await cipher.decrypt(second, 'c');
    // Assess
    expect(calls).toEqual({ generate: 2, unwrap: 1 });
  });
});

describe('token encryption configuration', () => {
  it('uses TOKEN_ENCRYPTION_KEY and previous keys from the environment', async () => {
    // Prepare
    const oldKey = newKey().toString('base64');
    const sealed = await loadTokenCipher({ TOKEN_ENCRYPTION_KEY: oldKey }).encrypt('t', 'c');
    // Act
    const cipher = loadTokenCipher({
      TOKEN_ENCRYPTION_KEY: newKey().toString('base64'),
      TOKEN_ENCRYPTION_PREVIOUS_KEYS: ` ${oldKey} `,
    });
    // Assess
    expect(await cipher.decrypt(sealed, 'c')).toBe('t');
  });

  it('refuses a key that is not 32 bytes of base64, naming the variable', () => {
    expect(() => loadTokenCipher({ TOKEN_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(
      'TOKEN_ENCRYPTION_KEY: must be 32 bytes in base64',
    );
    expect(() => loadTokenCipher({ TOKEN_ENCRYPTION_KEY: 'not base64!' })).toThrow(
      'TOKEN_ENCRYPTION_KEY: must be 32 bytes in base64',
    );
    expect(() =>
      loadTokenCipher({
        TOKEN_ENCRYPTION_KEY: newKey().toString('base64'),
        TOKEN_ENCRYPTION_PREVIOUS_KEYS: `${newKey().toString('base64')},short`,
      }),
    ).toThrow('TOKEN_ENCRYPTION_PREVIOUS_KEYS: each comma-separated key must be 32 bytes in base64');
  });

  it('has a development key in local mode only', async () => {
    // Act
    const local = loadTokenCipher({ STAGE: 'local' });
    // Assess
    expect(await local.decrypt(await local.encrypt('t', 'c'), 'c')).toBe('t');
    expect(() => loadTokenCipher({ STAGE: 'prod' })).toThrow(/not configured/);
  });

  it('uses the data-key provider it is given for a configured KMS key', async () => {
    // Prepare
    const kmsStandIn = createLocalDataKeyProvider([{ key: newKey() }]);
    // Act / Assess
    const cipher = loadTokenCipher(
      { TOKEN_ENCRYPTION_KMS_KEY_ID: 'arn:aws:kms:eu-west-1:1:key/k' },
      { kms: () => kmsStandIn },
    );
    expect(await cipher.decrypt(await cipher.encrypt('t', 'c'), 'c')).toBe('t');
  });
});
