// Password hashing with scrypt (memory-hard, in node:crypto). Stored as a self-describing PHC-style string
// `$scrypt$ln=17,r=8,p=1$<salt>$<hash>`, so the parameters can be raised later: old hashes still verify with the
// parameters they name, and `needsRehash` tells the login to store a stronger one.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export interface ScryptParameters {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
  keyLength: number;
  saltLength: number;
}

/** OWASP Password Storage Cheat Sheet: N=2^17, r=8, p=1 (128 MiB); a 64-byte key and a 16-byte salt. */
export const owaspScryptParameters: ScryptParameters = {
  logN: 17,
  r: 8,
  p: 1,
  keyLength: 64,
  saltLength: 16,
};

/** Cheap parameters for the test suite only; the environment refuses them outside local mode. */
export const testScryptParameters: ScryptParameters = { logN: 10, r: 8, p: 1, keyLength: 64, saltLength: 16 };

// A stored string naming absurd parameters must not let one login eat the function's memory.
const maxLogN = 20;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** True when the password matches the stored hash. Unreadable stored strings never match. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the time of one verification and answers false: for logins of unknown e-mails. */
  verifyAgainstDummy(password: string): Promise<false>;
  /** True when the stored hash uses weaker parameters than the current ones. */
  needsRehash(stored: string): boolean;
}

interface ParsedHash {
  parameters: ScryptParameters;
  salt: Buffer;
  key: Buffer;
}

function deriveKey(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const N = 2 ** parameters.logN;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      parameters.keyLength,
      { N, r: parameters.r, p: parameters.p, maxmem: 256 * N * parameters.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

const encode = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

export function formatScryptHash(parameters: ScryptParameters, salt: Buffer, key: Buffer): string {
  return `$scrypt$ln=${parameters.logN},r=${parameters.r},p=${parameters.p}$${encode(salt)}$${encode(key)}`;
}

export function parseScryptHash(stored: string): ParsedHash | null {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(
    stored,
  );
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  const saltBytes = Buffer.from(salt ?? '', 'base64');
  const keyBytes = Buffer.from(key ?? '', 'base64');
  const parameters: ScryptParameters = {
    logN: Number(logN),
    r: Number(r),
    p: Number(p),
    keyLength: keyBytes.length,
    saltLength: saltBytes.length,
  };
  if (parameters.logN < 1 || parameters.logN > maxLogN || parameters.r < 1 || parameters.p < 1) return null;
  if (keyBytes.length < 16 || saltBytes.length < 8) return null;
  return { parameters, salt: saltBytes, key: keyBytes };
}

export function createPasswordHasher(parameters: ScryptParameters): PasswordHasher {
  // A random key in the current format: verifying against it costs exactly one derivation and never matches.
  const dummy: ParsedHash = {
    parameters,
    salt: randomBytes(parameters.saltLength),
    key: randomBytes(parameters.keyLength),
  };

  const compare = async (password: string, parsed: ParsedHash): Promise<boolean> => {
    const derived = await deriveKey(password, parsed.salt, parsed.parameters);
    return derived.length === parsed.key.length && timingSafeEqual(derived, parsed.key);
  };

  return {
    async hash(password) {
      const salt = randomBytes(parameters.saltLength);
      const key = await deriveKey(password, salt, parameters);
      return formatScryptHash(parameters, salt, key);
    },
    async verify(password, stored) {
      const parsed = parseScryptHash(stored);
      if (!parsed) {
        await compare(password, dummy);
        return false;
      }
      return compare(password, parsed);
    },
    async verifyAgainstDummy(password) {
      await compare(password, dummy);
      return false;
    },
    needsRehash(stored) {
      const parsed = parseScryptHash(stored);
      if (!parsed) return true;
      const current = parsed.parameters;
      return (
        current.logN < parameters.logN ||
        current.r < parameters.r ||
        current.p < parameters.p ||
        current.keyLength < parameters.keyLength ||
        current.saltLength < parameters.saltLength
      );
    },
  };
}
