// The verification link a registration mails (48 h, single use). An expired link's owner gets one fresh link.
import type { MessageReply } from '../../contracts/auth';
import { getAccount, markEmailVerified } from '../../data/accounts';
import { retireExpiredLinkToken, useLinkToken } from '../../data/link-tokens';
import { isActiveAccount } from '../../domain/identity/account';
import { AppError } from '../../domain/errors';
import { enforceRateLimits } from '../rate-limit';
import type { IdentityDependencies, RequestContext } from './dependencies';
import type { SelfServiceKind } from './link-tokens';
import { hashLinkTokenSecret, linkProblem, sendVerificationMail } from './link-tokens';

export async function verifyEmailWithLink(
  deps: IdentityDependencies,
  kind: SelfServiceKind,
  token: string,
): Promise<MessageReply> {
  const now = deps.clock.now();
  const tokenHash = hashLinkTokenSecret(token);
  const use = await useLinkToken(deps.table, { tokenHash, purpose: 'verify-email', kind, now });
  if (use.status === 'used-now') {
    if (!(await markEmailVerified(deps.table, kind, use.userId, now))) {
      throw linkProblem('verify-email', 'invalid');
    }
    return { message: 'Your e-mail address is verified. Thank you!' };
  }
  if (use.status === 'expired' && use.userId) {
    const account = await getAccount(deps.table, kind, use.userId);
    if (!isActiveAccount(account)) throw linkProblem('verify-email', 'invalid');
    if (account.emailVerifiedAt !== null) throw linkProblem('verify-email', 'used');
    // The link's owner gets one fresh link; retiring the old one first means clicking it again sends no more.
    if (await retireExpiredLinkToken(deps.table, tokenHash, now)) {
      await sendVerificationMail(deps, kind, account);
    }
  }
  throw linkProblem('verify-email', use.status);
}

/**
 * A signed-in person whose address is not verified yet asks for a new link (paying needs a verified address). Counted
 * against the same per-e-mail limit as the other calls that mail the address, so it cannot be used to bomb an inbox.
 */
export async function resendVerificationEmail(
  deps: IdentityDependencies,
  kind: SelfServiceKind,
  userId: string,
  request: RequestContext,
): Promise<MessageReply> {
  const account = await getAccount(deps.table, kind, userId);
  if (!isActiveAccount(account)) throw new AppError('unauthorized');
  if (account.emailVerifiedAt !== null) return { message: 'Your e-mail address is already verified.' };
  if (!account.email) {
    throw new AppError('conflict', 'This account has no e-mail address to verify.', { code: 'conflict' });
  }
  await enforceRateLimits(deps, 'resend-verification', {
    email: account.email,
    clientAddress: request.clientAddress,
  });
  await sendVerificationMail(deps, kind, account);
  return { message: `We have sent a new verification link to ${account.email}. Please check your inbox.` };
}
