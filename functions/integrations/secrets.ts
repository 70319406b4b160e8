// The app secret (Secrets Manager, JSON of named values: JWT_SIGNING_KEY, Stripe keys …), read once per cold start
// and kept in memory. A failed read is not cached, so the next request tries again.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export interface AppSecretConfig {
  region: string;
  secretArn: string;
  /** Injected by tests; built on first use otherwise. */
  client?: SecretsManagerClient;
}

export type AppSecretValues = Readonly<Record<string, string>>;

export interface AppSecret {
  read(): Promise<AppSecretValues>;
  /** One named value; throws when it is missing or empty, naming the key (never the value). */
  require(key: string): Promise<string>;
}

export function createAppSecret(config: AppSecretConfig): AppSecret {
  let pending: Promise<AppSecretValues> | undefined;
  const load = async (): Promise<AppSecretValues> => {
    const client = config.client ?? new SecretsManagerClient({ region: config.region });
    const reply = await client.send(new GetSecretValueCommand({ SecretId: config.secretArn }));
    if (!reply.SecretString) throw new Error('The app secret has no string value.');
    const parsed = JSON.parse(reply.SecretString) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('The app secret is not a JSON object.');
    }
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  };
  const read = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  return {
    read,
    async require(key) {
      const value = (await read())[key];
      if (!value) throw new Error(`The app secret has no value for ${key}.`);
      return value;
    },
  };
}
