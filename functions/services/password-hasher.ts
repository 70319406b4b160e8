// The password hasher at OWASP's scrypt parameters; the test suite's cheap ones only where the environment allows
// them (PASSWORD_HASHING=fast-for-tests, honoured in local mode only: runtime/env.ts refuses it elsewhere).
import type { PasswordHasher } from '../integrations/password-hashing';
import {
  createPasswordHasher,
  owaspScryptParameters,
  testScryptParameters,
} from '../integrations/password-hashing';
import { getEnv } from '../runtime/env';

let hasher: PasswordHasher | undefined;

export function getPasswordHasher(): PasswordHasher {
  if (!hasher) {
    const env = getEnv();
    const cheap = env.PASSWORD_HASHING === 'fast-for-tests' && env.STAGE === 'local';
    hasher = createPasswordHasher(cheap ? testScryptParameters : owaspScryptParameters);
  }
  return hasher;
}
