// Logging in with an e-mail and a password (every area). An unknown e-mail costs the same scrypt work and the same
// table writes as a wrong password and fails with the same error, so neither the reply nor its timing tells whether
// an account exists. One address guessing at one account is refused after a few tries; the e-mail alone only slows
// its logins down, so nobody can lock the owner out (domain/identity/rate-limits.ts).
import type { LoginPayload } from '../../contracts/auth';
import { findAccountByEmail, setPasswordHash } from '../../data/accounts';
import { AppError } from '../../domain/errors';
import type { Account, AccountKind } from '../../domain/identity/account';
import { isActiveAccount } from '../../domain/identity/account';
import { normalizeEmail } from '../../domain/identity/email-address';
import { countLoginFailure, enforceRateLimits, findLoginDelayMs } from '../rate-limit';
import type { StartedSession } from '../sessions';
import { startSession } from '../sessions';
import type { IdentityDependencies, RequestContext } from './dependencies';

export const invalidCredentialsMessage = 'The e-mail or password is incorrect.';

export async function loginWithPassword(
  deps: IdentityDependencies,
  kind: AccountKind,
  payload: LoginPayload,
  request: RequestContext,
): Promise<{ account: Account & { email: string }; session: StartedSession }> {
  const email = normalizeEmail(payload.email);
  await enforceRateLimits(deps, 'login', { email, clientAddress: request.clientAddress });
  const delayMs = await findLoginDelayMs(deps, email);
  if (delayMs > 0) {
    request.log.info('login slowed down', { kind, delayMs });
    await deps.sleep(delayMs);
  }

  const hasher = deps.passwordHasher;
  const account = await findAccountByEmail(deps.table, kind, email);
  const matches =
    isActiveAccount(account) && account.passwordHash !== null
      ? await hasher.verify(payload.password, account.passwordHash)
      : await hasher.verifyAgainstDummy(payload.password);
  if (!matches || !isActiveAccount(account) || account.passwordHash === null) {
    await countLoginFailure(deps, email);
    throw new AppError('unauthorized', invalidCredentialsMessage, { code: 'invalid_credentials' });
  }

  if (hasher.needsRehash(account.passwordHash)) {
    await setPasswordHash(
      deps.table,
      kind,
      account.id,
      await hasher.hash(payload.password),
      deps.clock.now(),
    );
  }
  const session = await startSession(deps, kind, account.id);
  return { account, session };
}
