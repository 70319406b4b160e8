// The default wiring of the token cipher that seals provider tokens at rest (decision 006): a KMS envelope in AWS, a
// local key elsewhere, from the one config channel (functions/runtime/token-encryption-settings.ts). Sealing and
// opening must name the same context: domain/identity/connections.ts `spotifyTokenContext`.
import type { DataKeyProvider } from '../integrations/crypto/data-key-provider';
import type { TokenCipher } from '../integrations/crypto/token-cipher';
import { createConfiguredTokenCipher } from '../integrations/crypto/token-cipher';
import { getClock } from '../runtime/clock';
import {
  getTokenEncryptionSettings,
  parseTokenEncryptionSettings,
} from '../runtime/token-encryption-settings';

let wired: { fingerprint: string; cipher: TokenCipher } | undefined;

/** The token cipher of this process, built once per configuration. */
export function getTokenCipher(): TokenCipher {
  const settings = getTokenEncryptionSettings();
  const fingerprint = JSON.stringify(settings, (_name, value: unknown) =>
    value instanceof Uint8Array ? Buffer.from(value).toString('base64') : value,
  );
  if (wired?.fingerprint !== fingerprint) {
    const clock = getClock();
    // The data key's reuse window follows the product clock, like every other time check.
    const cipher = createConfiguredTokenCipher(settings, {}, { clock: () => clock.now().getTime() });
    wired = { fingerprint, cipher };
  }
  return wired.cipher;
}

/**
 * A token cipher configured from the given variables rather than this process's environment (tools, benchmarks and
 * tests); `kms` replaces the KMS adapter.
 */
export function loadTokenCipher(
  source: Readonly<Record<string, string | undefined>>,
  adapters: { kms?: (keyId: string) => DataKeyProvider } = {},
): TokenCipher {
  return createConfiguredTokenCipher(parseTokenEncryptionSettings(source), adapters);
}
