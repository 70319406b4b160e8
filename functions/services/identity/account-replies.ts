// Accounts as the SPA reads them (functions/contracts/auth.ts): what the login, user and profile calls answer.
import type { ArtistUser, ConnectedAccounts, FanUser, StaffProfile } from '../../contracts/auth';
import type { ConnectionRecord } from '../../data/accounts';
import type { Account } from '../../domain/identity/account';
import { isPlaceholderEmail } from '../../domain/identity/placeholder-email';
import { isProfileComplete } from '../../domain/identity/profile';

/** An area's user reply: the fan's (GET /api/user) or the artist-side user's (GET /api/for-artists/user). */
export type UserReplyBuilder<Reply> = (account: Account, connections: readonly ConnectionRecord[]) => Reply;

export function toFanUser(account: Account, connections: readonly ConnectionRecord[]): FanUser {
  const connected = new Set(connections.map((connection) => connection.provider));
  const connectedAccounts: ConnectedAccounts = {
    spotify: connected.has('spotify'),
    google: connected.has('google'),
    twitter: connected.has('twitter'),
    facebook: connected.has('facebook'),
  };
  return {
    id: account.id,
    // An account made from an X identity has no address; its placeholder is not one to show.
    email: account.email === null || isPlaceholderEmail(account.email) ? '' : account.email,
    first_name: account.firstName ?? '',
    last_name: account.lastName ?? '',
    email_verified: account.emailVerifiedAt !== null,
    stripe_customer_id: account.stripeCustomerId,
    promo_eligible: account.promoEligible,
    used_promotion_code: account.usedPromotionCode,
    connected_accounts: connectedAccounts,
  };
}

/**
 * The artist-side user as the artist area reads it. `offices` are the user's memberships (`GET /for-artists/user`
 * lists them; replies made where the offices are not read, such as login, leave them empty and the area reads the
 * user next).
 */
export function toArtistUser(
  account: Account,
  connections: readonly ConnectionRecord[],
  offices: ArtistUser['offices'] = [],
): ArtistUser {
  return {
    _id: account.id,
    email: account.email ?? '',
    first_name: account.firstName,
    last_name: account.lastName,
    phone_number: account.phoneNumber,
    country: account.country,
    email_verified: account.emailVerifiedAt !== null,
    profile_complete: isProfileComplete(account),
    offices,
    connected_accounts: {
      google: connections.some((connection) => connection.provider === 'google'),
    },
  };
}

export function toStaffProfile(account: Account): StaffProfile {
  return { id: account.id, email: account.email ?? '', role: 'admin' };
}
