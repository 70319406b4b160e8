// Key templates of the identity items (docs/data-model.md). One partition per person holds the account, its
// sessions and its social connections, so "everything of this person" is one Query.
import type { AccountKind } from '../domain/identity/account';

const userPrefix: Record<AccountKind, string> = { fan: 'FAN', artist: 'ARTIST_USER', admin: 'STAFF' };

export const accountEntity: Record<AccountKind, string> = {
  fan: 'fan',
  artist: 'artist-user',
  admin: 'staff',
};

export interface ItemKey {
  pk: string;
  sk: string;
}

/** `FAN#<id>`, `ARTIST_USER#<id>`, `STAFF#<id>`. */
export function userPartition(kind: AccountKind, userId: string): string {
  return `${userPrefix[kind]}#${userId}`;
}

export function accountKey(kind: AccountKind, userId: string): ItemKey {
  return { pk: userPartition(kind, userId), sk: 'ACCOUNT' };
}

/** One guard per kind and normalised e-mail: the same address may be a fan and an artist-side user. */
export function emailGuardKey(kind: AccountKind, email: string): ItemKey {
  return { pk: `EMAIL#${userPrefix[kind]}#${email}`, sk: 'EMAIL' };
}

export const sessionSortPrefix = 'SESSION#';
export function sessionKey(kind: AccountKind, userId: string, sessionId: string): ItemKey {
  return { pk: userPartition(kind, userId), sk: `${sessionSortPrefix}${sessionId}` };
}

export const connectionSortPrefix = 'CONNECTION#';
export function connectionKey(kind: AccountKind, userId: string, provider: string): ItemKey {
  return { pk: userPartition(kind, userId), sk: `${connectionSortPrefix}${provider}` };
}

/** Which account of a kind a provider identity (e.g. a Spotify account id) is connected to. */
export function connectionGuardKey(kind: AccountKind, provider: string, providerUserId: string): ItemKey {
  return { pk: `CONNECTION#${userPrefix[kind]}#${provider}#${providerUserId}`, sk: 'CONNECTION' };
}

/** A link token is found by the SHA-256 (hex) of its secret; the secret itself is never stored. */
export function linkTokenKey(tokenHash: string): ItemKey {
  return { pk: `LINK_TOKEN#${tokenHash}`, sk: 'LINK_TOKEN' };
}
export const linkTokenIndexPrefix = 'LINK_TOKEN#';

export function rateCounterKey(counter: string, windowStartSeconds: number): ItemKey {
  return { pk: `RATE#${counter}`, sk: `WINDOW#${windowStartSeconds}` };
}
