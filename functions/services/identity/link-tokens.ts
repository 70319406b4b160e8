// The links identity mail carries (verify an address, reset a password): a random secret in the link, its SHA-256 in
// the table (decision 005), stored in one transaction with the mail that carries it.
import { createHash, randomBytes } from 'node:crypto';
import type { Account, AccountKind } from '../../domain/identity/account';
import type { LinkTokenRecord } from '../../data/link-tokens';
import { putLinkToken } from '../../data/link-tokens';
import { AppError } from '../../domain/errors';
import { buildVerifyEmailMail } from '../../domain/identity/emails';
import type { LinkTokenProblem, LinkTokenPurpose } from '../../domain/identity/link-tokens';
import { describeLinkTokenProblem, linkTokenBytes, linkTokenExpiry } from '../../domain/identity/link-tokens';
import type { IdentityDependencies } from './dependencies';
import { queueMail, requireSiteOrigin } from './mail';

/** The kinds that register themselves and get mail links; staff accounts come from `npm run admin:create`. */
export type SelfServiceKind = Exclude<AccountKind, 'admin'>;

export function hashLinkTokenSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new link: the secret goes into the mail, the record (its hash) into the table. */
export function createLinkToken(
  purpose: LinkTokenPurpose,
  kind: SelfServiceKind,
  userId: string,
  now: Date,
): { secret: string; record: LinkTokenRecord } {
  const secret = randomBytes(linkTokenBytes).toString('base64url');
  return {
    secret,
    record: {
      tokenHash: hashLinkTokenSecret(secret),
      purpose,
      kind,
      userId,
      createdAt: now,
      expiresAt: linkTokenExpiry(purpose, now),
    },
  };
}

/** A fresh verification link, stored in one transaction with the mail that carries it (the outbox). */
export async function sendVerificationMail(
  deps: Pick<IdentityDependencies, 'table' | 'clock' | 'siteOrigin'>,
  kind: SelfServiceKind,
  account: Account,
): Promise<void> {
  if (!account.email) return;
  const now = deps.clock.now();
  const link = createLinkToken('verify-email', kind, account.id, now);
  const mail = buildVerifyEmailMail({
    to: account.email,
    firstName: account.firstName,
    siteOrigin: requireSiteOrigin(deps),
    area: kind,
    token: link.secret,
  });
  await putLinkToken(deps.table, link.record, { alongside: [queueMail(deps.table, mail, now)] });
}

/** A link that did not work, with the sentence for its purpose and problem. */
export function linkProblem(purpose: LinkTokenPurpose, problem: LinkTokenProblem): AppError<'bad_request'> {
  return new AppError('bad_request', describeLinkTokenProblem(purpose, problem), { code: `link_${problem}` });
}
