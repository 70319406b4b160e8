// Forgetting and resetting a password (1 h, single-use links). forgot-password answers the same sentence whether or
// not the account exists, does the same table work either way (the same transaction, which DynamoDB cancels when
// there is no account) and takes at least a fixed time, so neither its reply nor its timing tells who has an account.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { MessageReply } from '../../contracts/auth';
import { findAccountByEmail, getAccount, setPasswordHash } from '../../data/accounts';
import {
  deleteLinkTokensOfUser,
  putLinkToken,
  rehearseLinkTokenPut,
  useLinkToken,
} from '../../data/link-tokens';
import { isActiveAccount } from '../../domain/identity/account';
import { normalizeEmail } from '../../domain/identity/email-address';
import { buildPasswordChangedMail, buildResetPasswordMail } from '../../domain/identity/emails';
import { findPasswordProblem } from '../../domain/identity/password-policy';
import { buildPlaceholderEmail } from '../../domain/identity/placeholder-email';
import { forgotPasswordMinimumMs } from '../../domain/identity/rate-limits';
import { enforceRateLimits } from '../rate-limit';
import { endAllSessions } from '../sessions';
import { removeAllConnections } from './accounts';
import type { IdentityDependencies, RequestContext } from './dependencies';
import type { SelfServiceKind } from './link-tokens';
import { createLinkToken, hashLinkTokenSecret, linkProblem } from './link-tokens';
import { queueMail, requireSiteOrigin } from './mail';
import { passwordRefused } from './registration';

export const forgotPasswordMessage =
  'If an account exists for this e-mail, we have sent it a link to reset the password. Please check your inbox.';

/** Always the same answer, the same work and at least the same time, whether or not the account exists. */
export async function requestPasswordReset(
  deps: IdentityDependencies,
  kind: SelfServiceKind,
  rawEmail: string,
  request: RequestContext,
): Promise<MessageReply> {
  const started = performance.now();
  const email = normalizeEmail(rawEmail);
  await enforceRateLimits(deps, 'forgot-password', { email, clientAddress: request.clientAddress });
  const now = deps.clock.now();
  const account = await findAccountByEmail(deps.table, kind, email);
  const known = isActiveAccount(account);
  // Without an account the link and mail are built for no one (an address that cannot receive mail and a user id
  // that does not exist) and the transaction is sent conditioned to fail: same work, nothing stored, nothing sent.
  const userId = known ? account.id : randomUUID();
  // A known address costs a second read (the account after its e-mail guard): an unknown one reads an id that is not.
  if (!known) await getAccount(deps.table, kind, userId);
  const link = createLinkToken('reset-password', kind, userId, now);
  const mail = buildResetPasswordMail({
    to: known ? account.email : buildPlaceholderEmail(userId),
    firstName: known ? account.firstName : null,
    siteOrigin: requireSiteOrigin(deps),
    area: kind,
    token: link.secret,
  });
  const alongside = [queueMail(deps.table, mail, now)];
  if (known) await putLinkToken(deps.table, link.record, { alongside });
  else await rehearseLinkTokenPut(deps.table, link.record, { alongside });
  const remainingMs = forgotPasswordMinimumMs - (performance.now() - started);
  if (remainingMs > 0) await deps.sleep(remainingMs);
  return { message: forgotPasswordMessage };
}

/** A new password through a reset link: proves the e-mail too, and signs the person out everywhere. */
export async function resetPasswordWithLink(
  deps: IdentityDependencies,
  kind: SelfServiceKind,
  token: string,
  password: string,
): Promise<MessageReply> {
  // Checked before the link is used, so a refused password does not burn the link.
  const problem = findPasswordProblem(password);
  if (problem) throw passwordRefused(problem);

  const now = deps.clock.now();
  const tokenHash = hashLinkTokenSecret(token);
  const use = await useLinkToken(deps.table, { tokenHash, purpose: 'reset-password', kind, now });
  if (use.status !== 'used-now') throw linkProblem('reset-password', use.status);
  const account = await getAccount(deps.table, kind, use.userId);
  if (!isActiveAccount(account)) throw linkProblem('reset-password', 'invalid');
  const addressWasUnproven = account.emailVerifiedAt === null;

  const passwordHash = await deps.passwordHasher.hash(password);
  const passwordChangedMail = buildPasswordChangedMail({
    to: account.email,
    firstName: account.firstName,
    siteOrigin: requireSiteOrigin(deps),
    area: kind,
  });
  if (
    !(await setPasswordHash(deps.table, kind, account.id, passwordHash, now, {
      markEmailVerified: true,
      alongside: [queueMail(deps.table, passwordChangedMail, now)],
    }))
  ) {
    throw linkProblem('reset-password', 'invalid');
  }
  await endAllSessions(deps, kind, account.id);
  // Whoever connected a provider before the address was proven had not shown they own it (decision 006).
  if (addressWasUnproven) await removeAllConnections(deps, kind, account.id);
  await deleteLinkTokensOfUser(deps.table, kind, account.id, {
    purpose: 'reset-password',
    exceptTokenHash: tokenHash,
  });
  return { message: 'Your password was changed. Please log in with your new password.' };
}
