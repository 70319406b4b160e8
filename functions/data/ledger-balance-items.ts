// Where a ledger account's balance lives (docs/decisions/019-ledger.md, amendment: no hot item). A guarded account
// keeps one balance item; an account many transactions credit at once (an artist's earnings, the platform's accounts)
// spreads its balance over shard items chosen by the transaction id, so no single item takes a write from every split,
// and its balance is the sum of its balance items. data/ledger.ts writes and reads them.
import { createHash } from 'node:crypto';
import type { AccountId, AccountType } from '../domain/money/ledger';
import { parseAccountId, platformAccountTypes } from '../domain/money/ledger';
import type { ItemKey } from './keys';
import { ledgerAccountPartition, ledgerBalanceKey } from './keys';

/**
 * Unguarded accounts that many transactions credit at once: an artist's earnings (every fan's split pays a popular
 * artist) and the platform's accounts (every payment and split). Their balance lives in `balanceShards` items.
 */
export const shardedAccountTypes: ReadonlySet<AccountType> = new Set([
  'artist-earnings',
  'artist-name-earnings',
  ...platformAccountTypes,
]);
/** Balance items of a sharded account. */
export const balanceShards = 16;
/**
 * The sort keys of an account's balance items: `BALANCE` (a one-item account, or a sharded account's balance written
 * before it was sharded) and `BALANCE#<shard>`.
 */
export const balanceSortPrefix = 'BALANCE';

export function isShardedAccount(accountId: AccountId): boolean {
  return shardedAccountTypes.has(parseAccountId(accountId).type);
}

/** The shard a transaction's postings to sharded accounts go to: stable, from its id, spread evenly. */
export function balanceShardOf(transactionId: string): number {
  return createHash('sha256').update(transactionId).digest().readUInt32BE(0) % balanceShards;
}

/** The balance item a transaction's posting to an account updates. */
export function balanceItemKeyOf(accountId: AccountId, transactionId: string): ItemKey {
  if (!isShardedAccount(accountId)) return ledgerBalanceKey(accountId);
  return {
    pk: ledgerAccountPartition(accountId),
    sk: `${balanceSortPrefix}#${String(balanceShardOf(transactionId)).padStart(2, '0')}`,
  };
}
