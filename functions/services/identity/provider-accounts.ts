// The accounts social sign-in finds or makes (docs/decisions/005-identity.md, 006-social-sign-in.md): by an address
// the provider vouches for, or new from what an unvouching provider gave.
import { randomUUID } from 'node:crypto';
import { createAccount, findAccountByEmail, setPasswordHash } from '../../data/accounts';
import { AppError } from '../../domain/errors';
import type { Account, AccountKind } from '../../domain/identity/account';
import { buildAccount, isActiveAccount } from '../../domain/identity/account';
import { normalizeEmail } from '../../domain/identity/email-address';
import { buildPlaceholderEmail } from '../../domain/identity/placeholder-email';
import { recordMetric } from '../../runtime/metrics';
import { endAllSessions } from '../sessions';
import { removeAllConnections, requireAccount } from './accounts';
import type { IdentityDependencies } from './dependencies';
import type { SelfServiceKind } from './link-tokens';
import { sendVerificationMail } from './link-tokens';

export interface VerifiedEmailProfile {
  /** An address the provider says it verified. */
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Fans signing up from the promo page (`promo=try`). */
  promoEligible?: boolean;
}

type Deps = Pick<IdentityDependencies, 'table' | 'clock' | 'siteOrigin'>;

/**
 * For social sign-in: the account of this kind with this provider-verified e-mail, created when there is none.
 * An existing account whose address was never verified may have been registered by someone else with a password
 * ("pre-hijacking"): the provider just proved the address belongs to this person, so that password is removed,
 * its sessions end, its provider connections go, and the address counts as verified. Follow with `startSession`.
 */
export async function findOrCreateAccountByVerifiedEmail(
  deps: Deps,
  kind: AccountKind,
  profile: VerifiedEmailProfile,
): Promise<{ account: Account & { email: string }; created: boolean }> {
  const email = normalizeEmail(profile.email);
  const now = deps.clock.now();
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const existing = await findAccountByEmail(deps.table, kind, email);
    if (isActiveAccount(existing)) {
      if (existing.emailVerifiedAt !== null) return { account: existing, created: false };
      await setPasswordHash(deps.table, kind, existing.id, null, now, { markEmailVerified: true });
      await endAllSessions(deps, kind, existing.id);
      await removeAllConnections(deps, kind, existing.id);
      return { account: await requireAccount(deps, kind, existing.id), created: false };
    }
    const account = buildProviderAccount(kind, email, profile, now.toISOString(), now);
    // Lost a race with a registration of the same address: read what won.
    if ((await createAccount(deps.table, { ...account, email })) === 'created') {
      recordMetric('SignUp');
      return { account: { ...account, email }, created: true };
    }
  }
  throw new AppError('conflict', 'This e-mail is being registered right now. Please try again.', {
    code: 'email_taken',
  });
}

export interface ProviderProfile {
  /** The address the provider gave without vouching for it (Spotify, Facebook); null when it gave none (X). */
  email: string | null;
  firstName?: string | null;
  lastName?: string | null;
  /** Fans signing up from the promo page (`promo=try`). */
  promoEligible?: boolean;
}

/**
 * For social sign-in with a provider that does not vouch for the address: a new account without a password whose
 * address stays unverified until its owner follows the verification link we mail to it, exactly as after a
 * registration. An address that already has an account is refused (`email_in_use`): an unproven address never
 * reaches into someone's account. Without an address the account gets a placeholder (domain/identity/
 * placeholder-email.ts). Connect the identity and start the session afterwards.
 */
export async function createAccountFromProviderProfile(
  deps: Deps,
  kind: SelfServiceKind,
  profile: ProviderProfile,
): Promise<Account & { email: string }> {
  const email = profile.email === null ? buildPlaceholderEmail(randomUUID()) : normalizeEmail(profile.email);
  const account = buildProviderAccount(kind, email, profile, null, deps.clock.now());
  if ((await createAccount(deps.table, { ...account, email })) === 'email_taken') {
    throw new AppError(
      'conflict',
      'An account with this e-mail already exists. Please log in with it, then connect this account.',
      { code: 'email_in_use' },
    );
  }
  if (profile.email !== null) await sendVerificationMail(deps, kind, account);
  return { ...account, email };
}

/** A new account without a password, named as the provider named the person. */
function buildProviderAccount(
  kind: AccountKind,
  email: string,
  profile: Pick<ProviderProfile, 'firstName' | 'lastName' | 'promoEligible'>,
  emailVerifiedAt: string | null,
  now: Date,
): Account {
  return buildAccount(
    {
      kind,
      id: randomUUID(),
      email,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      passwordHash: null,
      emailVerifiedAt,
      promoEligible: kind === 'fan' && profile.promoEligible === true,
    },
    now,
  );
}
