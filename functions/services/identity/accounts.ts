// Reading and changing the signed-in person's own account: the user calls of each area and the artist-side profile.
import type { ConnectionRecord, ProfileChanges } from '../../data/accounts';
import { deleteConnection, getAccount, listConnections, updateProfile } from '../../data/accounts';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import type { Account, AccountKind } from '../../domain/identity/account';
import { isActiveAccount } from '../../domain/identity/account';
import type { Clock } from '../../runtime/clock';

export type { ProfileChanges };

const signInAgain = () => new AppError('unauthorized', 'Please sign in to continue.');

/** The signed-in person's account; a deleted or missing one ends the session (401). */
export async function requireAccount(
  deps: { table: TableRef },
  kind: AccountKind,
  userId: string,
): Promise<Account & { email: string }> {
  const account = await getAccount(deps.table, kind, userId);
  if (!isActiveAccount(account)) throw signInAgain();
  return account;
}

/** The providers connected to an account (the user replies show them). */
export function readConnections(
  deps: { table: TableRef },
  kind: AccountKind,
  userId: string,
): Promise<ConnectionRecord[]> {
  return listConnections(deps.table, kind, userId);
}

/** The signed-in person's account with its connections, as the area's user call answers. */
export async function readOwnAccount(
  deps: { table: TableRef },
  kind: AccountKind,
  userId: string,
): Promise<{ account: Account & { email: string }; connections: ConnectionRecord[] }> {
  const account = await requireAccount(deps, kind, userId);
  return { account, connections: await readConnections(deps, kind, account.id) };
}

/** Artist complete-registration and PATCH user/profile: the fields sent, then the account as stored. */
export async function updateArtistProfile(
  deps: { table: TableRef; clock: Clock },
  userId: string,
  changes: ProfileChanges,
): Promise<{ account: Account; connections: ConnectionRecord[] }> {
  const account = await updateProfile(deps.table, 'artist', userId, changes, deps.clock.now());
  if (!account) throw signInAgain();
  return { account, connections: await readConnections(deps, 'artist', account.id) };
}

/**
 * Whoever connected a provider to an account before its address was proven had not shown they own the address: the
 * owner may be taking it over now (a password reset, a provider-verified sign-in), so those ways in are closed.
 * Deletion removes them all the same way.
 */
export async function removeAllConnections(
  deps: { table: TableRef },
  kind: AccountKind,
  userId: string,
): Promise<void> {
  for (const connection of await listConnections(deps.table, kind, userId)) {
    await deleteConnection(deps.table, kind, userId, connection.provider);
  }
}
