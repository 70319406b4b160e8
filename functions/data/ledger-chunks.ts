// How one ledger transaction is written (docs/decisions/019-ledger.md): each chunk of its postings is one
// TransactWriteItems of named operations: its guard (the transaction item, or the chunk's marker), what goes with it
// (the link to the transaction it reverses, items a caller writes alongside, the transaction's completion), and per
// posting the account's balance moved (guarded when it is lowered) and its entry recorded. When DynamoDB cancels a
// chunk, the name of the failed condition says what it came to. data/ledger.ts plans the chunks and answers callers.
import type { AccountId, Posting } from '../domain/money/ledger';
import { clearingAccountOf, isGuardedAccount, parseAccountId, planChunks } from '../domain/money/ledger';
import { balanceItemKeyOf } from './ledger-balance-items';
import { ledgerChunkKey, ledgerEntryKey, ledgerTransactionKey } from './keys';
import type { NamedTransactionItems, TableRef, TransactionItem } from './table';
import { backOff, cancelledTransaction, putNewItem, transact } from './table';

const entryEntity = 'ledger-entry';
const balanceEntity = 'ledger-balance';
const chunkEntity = 'ledger-chunk';
/** The version of every ledger item (transaction, balance, entry, chunk marker). */
export const ledgerItemVersion = 1;
/** Two writers on one item make DynamoDB cancel one with TransactionConflict: it is retried, not reported. */
const conflictRetries = 8;

/** The transaction a chunk belongs to, as its entries record it. */
interface ChunkTransaction {
  id: string;
  kind: string;
  at: string;
}

/** The two items of one posting: the balance moved (guarded when it is lowered) and the entry recorded. */
function postingItems(
  table: TableRef,
  posting: Posting,
  transaction: ChunkTransaction,
  chunkIndex: number,
): { balance: TransactionItem; entry: TransactionItem } {
  const account = parseAccountId(posting.accountId);
  const guarded = posting.amountCents < 0 && isGuardedAccount(posting.accountId);
  return {
    balance: {
      Update: {
        TableName: table.name,
        Key: balanceItemKeyOf(posting.accountId, transaction.id),
        UpdateExpression:
          'SET entity = :entity, v = :v, accountId = :accountId, accountType = :type, #owner = :owner ADD balance :delta',
        ...(guarded ? { ConditionExpression: 'attribute_exists(balance) AND balance >= :needed' } : {}),
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: {
          ':entity': balanceEntity,
          ':v': ledgerItemVersion,
          ':accountId': account.id,
          ':type': account.type,
          ':owner': account.owner,
          ':delta': posting.amountCents,
          ...(guarded ? { ':needed': -posting.amountCents } : {}),
        },
      },
    },
    entry: putNewItem(table, {
      ...ledgerEntryKey(posting.accountId, transaction.at, transaction.id, chunkIndex),
      entity: entryEntity,
      v: ledgerItemVersion,
      accountId: posting.accountId,
      transactionId: transaction.id,
      kind: transaction.kind,
      amountCents: posting.amountCents,
      at: transaction.at,
    }),
  };
}

/** One chunk's operations besides its postings, in the order they are written. */
export interface ChunkOperations {
  /** The transaction item (chunk 0) or the chunk's marker: a failed condition means the chunk was written before. */
  guard: TransactionItem;
  /** Chunk 0 of a reversal: the original marked reversed, only once. */
  reversal?: TransactionItem | null;
  /** Chunk 0: items written with the transaction, refusing the whole when one of their conditions fails. */
  alongside?: readonly TransactionItem[];
  /** The last of several chunks: the transaction item marked complete. */
  complete?: TransactionItem | null;
}

export type ChunkOutcome =
  'written' | 'already' | { insufficient: AccountId } | 'already-reversed' | 'alongside-refused';

/**
 * One TransactWriteItems: the chunk's operations, then each posting's balance and entry. A failed guard means it was
 * written before; a failed reversal link, that the original is reversed already; a failed balance condition names
 * the account. A conflict with another writer is tried again.
 */
export async function writeChunk(
  table: TableRef,
  chunk: ChunkOperations,
  postings: readonly Posting[],
  transaction: ChunkTransaction,
  failBefore?: (chunkIndex: number) => void,
  chunkIndex = 0,
): Promise<ChunkOutcome> {
  const operations: Record<string, NamedTransactionItems[string]> = {
    guard: chunk.guard,
    reversal: chunk.reversal,
    alongside: chunk.alongside,
    complete: chunk.complete,
  };
  // Per posting a balance and an entry, named by its account (a transaction posts to an account once).
  const postingOperations = new Set<string>();
  const balanceAccounts = new Map<string, AccountId>();
  for (const posting of postings) {
    const { balance, entry } = postingItems(table, posting, transaction, chunkIndex);
    const [balanceName, entryName] = [`balance ${posting.accountId}`, `entry ${posting.accountId}`];
    operations[balanceName] = balance;
    operations[entryName] = entry;
    postingOperations.add(balanceName).add(entryName);
    balanceAccounts.set(balanceName, posting.accountId);
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      failBefore?.(chunkIndex);
      await transact(table, operations);
      return 'written';
    } catch (error) {
      const cancelled = cancelledTransaction(error);
      if (!cancelled) throw error;
      if (cancelled.failed('guard')) return 'already';
      if (cancelled.failed('reversal')) return 'already-reversed';
      if (cancelled.failed('alongside')) return 'alongside-refused';
      // Of a posting's two items only the balance update carries a condition a caller can fail.
      const firstPosting = cancelled.conditionsFailed.find((name) => postingOperations.has(name));
      const insufficient = firstPosting === undefined ? undefined : balanceAccounts.get(firstPosting);
      if (insufficient !== undefined) return { insufficient };
      if (cancelled.conflicted && attempt < conflictRetries) {
        await backOff(attempt);
        continue;
      }
      throw error;
    }
  }
}

/**
 * The chunks after the first of a transaction too large for one call, each guarded by its marker, the last marking
 * the transaction complete: a retry of a half-written transaction writes the rest once. One after another: every chunk
 * moves the transaction's one clearing balance item, which two writes at once would meet on (TransactionConflict).
 */
export async function writeRemainingChunks(
  table: TableRef,
  stored: ChunkTransaction & { postings: Posting[] },
  failBefore: ((chunkIndex: number) => void) | undefined,
): Promise<void> {
  // Planned again from the stored postings at the stored time: the same chunks the first writer planned.
  const chunks = planChunks(stored.postings, clearingAccountOf(stored.id));
  for (let index = 1; index < chunks.length; index += 1) {
    const last = index === chunks.length - 1;
    const outcome = await writeChunk(
      table,
      {
        guard: putNewItem(table, {
          ...ledgerChunkKey(stored.id, index),
          entity: chunkEntity,
          v: ledgerItemVersion,
        }),
        complete: last
          ? {
              Update: {
                TableName: table.name,
                Key: ledgerTransactionKey(stored.id),
                UpdateExpression: 'SET #status = :complete',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':complete': 'complete' },
              },
            }
          : null,
      },
      chunks[index] ?? [],
      stored,
      failBefore,
      index,
    );
    if (typeof outcome === 'object') {
      // Guarded debits all sit in chunk 0 (planChunks), so a later chunk only credits or debits unguarded accounts.
      throw new Error(`Ledger chunk ${index} of ${stored.id} refused for ${outcome.insufficient}`);
    }
  }
}
