// The data-key port (data-key-provider.ts) over AWS KMS: GenerateDataKey for new data keys, Decrypt to unwrap them.
// KMS never hands out the key-encryption key, and every unwrap is an audited KMS call.
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import type { DataKeyProvider } from './data-key-provider';

export interface KmsDataKeyConfig {
  /** Key id or ARN of the key that wraps new data keys. */
  keyId: string;
  region?: string | undefined;
  /** Tests point this at a stand-in; in AWS it is left unset. */
  endpoint?: string | undefined;
  client?: KMSClient;
}

/**
 * Binds every wrapped key to its purpose, so a data key wrapped for tokens cannot be unwrapped for anything else. The
 * stack's grant on the token key requires the same context (infra/openpie-stack.ts `tokenEncryptionContext`).
 */
export const encryptionContext = { purpose: 'openpie-token-encryption' };

export function createKmsDataKeyProvider(config: KmsDataKeyConfig): DataKeyProvider {
  const client =
    config.client ??
    new KMSClient({
      ...(config.region ? { region: config.region } : {}),
      ...(config.endpoint
        ? { endpoint: config.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
  return {
    currentKeyId: config.keyId,
    async generateDataKey() {
      const reply = await client.send(
        new GenerateDataKeyCommand({
          KeyId: config.keyId,
          KeySpec: 'AES_256',
          EncryptionContext: encryptionContext,
        }),
      );
      if (!reply.Plaintext || !reply.CiphertextBlob || !reply.KeyId) {
        throw new Error('KMS GenerateDataKey returned no key');
      }
      return { keyId: reply.KeyId, plaintext: reply.Plaintext, wrapped: reply.CiphertextBlob };
    },
    async unwrapDataKey(keyId, wrapped) {
      const reply = await client.send(
        new DecryptCommand({ KeyId: keyId, CiphertextBlob: wrapped, EncryptionContext: encryptionContext }),
      );
      if (!reply.Plaintext) throw new Error('KMS Decrypt returned no key');
      return reply.Plaintext;
    },
  };
}
