// What a provider connection means here (docs/decisions/006-social-sign-in.md): which account a provider identity
// signs in to, when a connection is made, replaced or refused, and when one may be removed. Pure rules: the social
// sign-in services read the table and apply them.
import type { SocialProviderName } from '../../contracts/social-sign-in';
import type { AccountKind } from './account';

/** A connection as the rules see it. */
export interface ConnectionFacts {
  provider: string;
  providerUserId: string;
  /** ISO time it was first made. */
  connectedAt: string;
}

/**
 * The context a fan's Spotify tokens are sealed under (the token cipher's authenticated data): they decrypt only on
 * this fan's connection. The one spelling for every writer and reader, since a drift makes stored tokens unreadable.
 */
export function spotifyTokenContext(fanId: string): string {
  return `spotify-tokens:${fanId}`;
}

/** SPEC §7 sends a human-check token with the X and Facebook sign-ins ("social sign-in for some providers", §5). */
export function isHumanCheckedProvider(provider: SocialProviderName): boolean {
  return provider === 'twitter' || provider === 'facebook';
}

/**
 * Where a fan's provider identity signs in, in order: the account it is connected to; else, for an address the
 * provider vouches for (Google's email_verified), the account of that address (created if none); else a new account
 * whose address stays unverified until its owner follows the mailed link (or a placeholder when there is none).
 */
export type FanAccountSource = 'connected-account' | 'verified-email' | 'new-unverified';

export function chooseFanAccountSource(
  connectedAccountIsActive: boolean,
  identity: { email: string | null; emailVerified: boolean },
): FanAccountSource {
  if (connectedAccountIsActive) return 'connected-account';
  if (identity.email && identity.emailVerified) return 'verified-email';
  return 'new-unverified';
}

export type ConnectionDecision =
  | { outcome: 'save'; connectedAt: string; replacesAnother: boolean }
  | { outcome: 'refuse'; reason: 'already_connected' };

/**
 * Connecting an identity to an account: one identity per provider and account. The same identity again refreshes the
 * connection and keeps when it was made; another identity of the same provider is refused (`already_connected`)
 * unless `replaceAnother` (a provider-verified sign-in, which proved the address, replaces it). Whether the identity
 * belongs to another account is the table's guard to say (`already_linked`).
 */
export function decideConnection(
  current: ConnectionFacts | undefined,
  providerUserId: string,
  options: { replaceAnother: boolean; now: Date },
): ConnectionDecision {
  if (current && current.providerUserId !== providerUserId) {
    if (!options.replaceAnother) return { outcome: 'refuse', reason: 'already_connected' };
    return { outcome: 'save', connectedAt: options.now.toISOString(), replacesAnother: true };
  }
  return {
    outcome: 'save',
    connectedAt: current?.connectedAt ?? options.now.toISOString(),
    replacesAnother: false,
  };
}

export type DisconnectDecision = 'disconnect' | 'nothing_to_do' | 'not_connected' | 'last_sign_in_method';

/**
 * Removing a connection. A fan's last way to sign in (no password and no other connection) stays; a fan's call for
 * what is not connected changes nothing. Google never signs an artist-side user in, so it is never their last way in;
 * their call for what is not connected means a stale screen, and is refused.
 */
export function decideDisconnect(
  kind: Exclude<AccountKind, 'admin'>,
  provider: string,
  account: { hasPassword: boolean; connectedProviders: readonly string[] },
): DisconnectDecision {
  const connected = account.connectedProviders.includes(provider);
  if (!connected) return kind === 'fan' ? 'nothing_to_do' : 'not_connected';
  const others = account.connectedProviders.filter((entry) => entry !== provider);
  if (kind === 'fan' && !account.hasPassword && others.length === 0) return 'last_sign_in_method';
  return 'disconnect';
}

/** "Sam Okafor" → Sam / Okafor; the rest of a longer name is the last name. */
export function splitDisplayName(displayName: string | null): {
  firstName: string | null;
  lastName: string | null;
} {
  const words = (displayName ?? '').split(/\s+/).filter((word) => word.length > 0);
  const [first, ...rest] = words;
  return { firstName: first ?? null, lastName: rest.length > 0 ? rest.join(' ') : null };
}
