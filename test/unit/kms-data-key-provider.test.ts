// The KMS adapter with the real @aws-sdk/client-kms, against a loopback stand-in of KMS's JSON API (KMS itself
// cannot run here): the stand-in wraps data keys with a key of its own and checks the encryption context.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKmsDataKeyProvider } from '../../functions/integrations/crypto/kms-data-key-provider';
import { createTokenCipher } from '../../functions/integrations/crypto/token-cipher';

const keyArn = 'arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const masterKey = randomBytes(32);
let endpoint = '';
let close: () => Promise<void>;
const calls: string[] = [];

function wrap(plaintext: Buffer, context: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv).setAAD(Buffer.from(context));
  return Buffer.concat([iv, cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
}

function unwrap(blob: Buffer, context: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', masterKey, blob.subarray(0, 12)).setAAD(
    Buffer.from(context),
  );
  decipher.setAuthTag(blob.subarray(blob.length - 16));
  return Buffer.concat([decipher.update(blob.subarray(12, blob.length - 16)), decipher.final()]);
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  const body = JSON.parse(raw) as { KeyId?: string; CiphertextBlob?: string; EncryptionContext?: object };
  const target = String(req.headers['x-amz-target']);
  calls.push(target);
  const context = JSON.stringify(body.EncryptionContext ?? {});
  res.setHeader('content-type', 'application/x-amz-json-1.1');
  try {
    if (target === 'TrentService.GenerateDataKey') {
      const plaintext = randomBytes(32);
      res.end(
        JSON.stringify({
          KeyId: keyArn,
          Plaintext: plaintext.toString('base64'),
          CiphertextBlob: wrap(plaintext, context).toString('base64'),
        }),
      );
    } else if (target === 'TrentService.Decrypt') {
      const plaintext = unwrap(Buffer.from(body.CiphertextBlob ?? '', 'base64'), context);
      res.end(JSON.stringify({ KeyId: keyArn, Plaintext: plaintext.toString('base64') }));
    } else {
      res.statusCode = 400;
      res.end(JSON.stringify({ __type: 'UnknownOperationException' }));
    }
  } catch {
    res.statusCode = 400;
    res.end(JSON.stringify({ __type: 'InvalidCiphertextException', message: 'Unable to decrypt' }));
  }
}

beforeAll(async () => {
  const server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((done) => server.close(() => done()));
});
afterAll(() => close());

describe('KMS data keys (against a loopback stand-in of KMS)', () => {
  it('encrypts tokens under a KMS-wrapped data key and decrypts them through KMS Decrypt', async () => {
    // Prepare
    const kms = createKmsDataKeyProvider({ keyId: keyArn, region: 'eu-west-1', endpoint });
    const cipher = createTokenCipher(kms);
    // Act
    const sealed = await cipher.encrypt('spotify-refresh-token', 'spotify-tokens:fan-1');
    const coldCipher = createTokenCipher(
      createKmsDataKeyProvider({ keyId: keyArn, region: 'eu-west-1', endpoint }),
    );
    const opened = await coldCipher.decrypt(sealed, 'spotify-tokens:fan-1');
    // Assess
    expect(opened).toBe('spotify-refresh-token');
    expect(sealed).not.toContain('spotify-refresh-token');
    expect(calls).toContain('TrentService.GenerateDataKey');
    expect(calls).toContain('TrentService.Decrypt');
  });

  it('refuses a token sealed for another record', async () => {
    const cipher = createTokenCipher(
      createKmsDataKeyProvider({ keyId: keyArn, region: 'eu-west-1', endpoint }),
    );
    const sealed = await cipher.encrypt('secret', 'spotify-tokens:fan-1');
    await expect(cipher.decrypt(sealed, 'spotify-tokens:fan-2')).rejects.toThrow();
  });
});
