// Secrets of the local runtime, generated once per data folder and kept beside the data (never in the repo), so
// sessions survive a restart but two data folders never share a signing key.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LocalSecrets {
  JWT_SIGNING_KEY: string;
}

export function localSecretsPath(dataDir: string): string {
  return join(dataDir, 'local-secrets.json');
}

export async function loadLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const path = localSecretsPath(dataDir);
  const existing = await readFile(path, 'utf8').then(
    (text) => JSON.parse(text) as Partial<LocalSecrets>,
    () => null,
  );
  if (existing?.JWT_SIGNING_KEY && existing.JWT_SIGNING_KEY.length >= 32) {
    return { JWT_SIGNING_KEY: existing.JWT_SIGNING_KEY };
  }
  const secrets: LocalSecrets = { JWT_SIGNING_KEY: randomBytes(48).toString('base64url') };
  await writeFile(path, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets;
}
