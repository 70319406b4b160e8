// The three kinds of account (fan, artist-side user, staff) and what one holds. The kind names double as the
// session areas of SPEC §6, so a fan's session can only ever open the fan area.
import type { SessionArea } from '../../contracts/session-cookies';

export type AccountKind = SessionArea;
export const accountKinds = ['fan', 'artist', 'admin'] as const satisfies readonly AccountKind[];

export type AccountStatus = 'active' | 'deleted';

export interface Account {
  kind: AccountKind;
  id: string;
  status: AccountStatus;
  /** Normalised (domain/identity/email-address.ts); null once the account is deleted. */
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** Artist-side users only. */
  phoneNumber: string | null;
  country: string | null;
  /** The self-describing scrypt string; null for accounts that only sign in through a provider. */
  passwordHash: string | null;
  /** ISO time the e-mail was proven; null while unverified. */
  emailVerifiedAt: string | null;
  /** Fans: registered through the promo page (`promo: 'try'`). */
  promoEligible: boolean;
  /** Fans: the free promotion was used (set by the payments work). */
  usedPromotionCode: boolean;
  stripeCustomerId: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** What a new account starts with; the rest is derived. */
export interface NewAccount {
  kind: AccountKind;
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  emailVerifiedAt: string | null;
  promoEligible: boolean;
}

export function buildAccount(input: NewAccount, now: Date): Account {
  const at = now.toISOString();
  return {
    ...input,
    status: 'active',
    phoneNumber: null,
    country: null,
    usedPromotionCode: false,
    stripeCustomerId: null,
    createdAt: at,
    updatedAt: at,
    deletedAt: null,
  };
}

/**
 * An account whose e-mail address someone already vouches for: a staff member made by `npm run admin:create`, the
 * demo accounts, test fixtures. Verified from the start, no promotion, names optional.
 */
export function buildVerifiedAccount(
  input: Pick<NewAccount, 'kind' | 'id' | 'email' | 'passwordHash'> &
    Partial<Pick<NewAccount, 'firstName' | 'lastName'>>,
  now: Date,
): Account {
  return buildAccount(
    {
      firstName: null,
      lastName: null,
      ...input,
      emailVerifiedAt: now.toISOString(),
      promoEligible: false,
    },
    now,
  );
}

/** A person can use the account: it exists and was not deleted. */
export function isActiveAccount(account: Account | null): account is Account & { email: string } {
  return account !== null && account.status === 'active' && account.email !== null;
}
