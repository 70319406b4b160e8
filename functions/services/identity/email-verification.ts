// The verification link a registration mails (48 h, single use). An expired link's owner gets one fresh link.
import type { MessageReply } from '../../contracts/auth';
import { getAccount, markEmailVerified } from '../../data/accounts';
import { retireExpiredLinkToken, useLinkToken } from '../../data/link-tokens';
import { isActiveAccount } from '../../domain/identity/account';
import type { IdentityDependencies } from './dependencies';
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
