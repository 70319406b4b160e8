// The ledger in the table (docs/decisions/019-ledger.md): per account a balance (`ADD balance :delta`, guarded
// accounts with `balance >= :needed` in the same write) and an entry per posting; per transaction one item that is
// also its idempotency guard (its id is derived from the key). Nothing here ever edits or deletes an entry.
// Where an account's balance lives (one item, or shard items for an account many transactions credit at once) is
// data/ledger-balance-items.ts; how a transaction's chunks are written, data/ledger-chunks.ts.
import { createHash } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AccountId, Posting, ValidTransaction } from '../domain/money/ledger';
import { clearingAccountOf, fingerprintOf, planChunks, transactionKinds } from '../domain/money/ledger';
import { queryAccountEntries } from './ledger-account-entries';
import { ledgerIndexKeys } from './ledger-index';
import { accountIdSchema, storedPostingsSchema, toPostings } from './ledger-postings';
import { balanceSortPrefix, isShardedAccount } from './ledger-balance-items';
import { ledgerItemVersion, writeChunk, writeRemainingChunks } from './ledger-chunks';
import { ledgerAccountPartition, ledgerBalanceKey, ledgerTransactionKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import { batchGetAll, putNewItem } from './table';

const transactionEntity = 'ledger-transaction';

export interface StoredTransaction {
  id: string;
  kind: ValidTransaction['kind'];
  idempotencyKey: string;
  postings: Posting[];
  references: Record<string, string>;
  at: string;
  status: 'pending' | 'complete';
  chunkCount: number;
  reverses: string | null;
  reversedBy: string | null;
}

export interface LedgerEntry {
  accountId: AccountId;
  transactionId: string;
  kind: ValidTransaction['kind'];
  amountCents: number;
  at: string;
}

/** What a write came to: written now, or found written before (a retry), or refused. */
export type LedgerWriteResult =
  | { outcome: 'written' | 'repeated'; transaction: StoredTransaction }
  | { outcome: 'key-conflict'; transaction: StoredTransaction }
  | { outcome: 'insufficient-balance'; accountId: AccountId }
  | { outcome: 'already-reversed'; reversedBy: string | null }
  /** An item written `alongside` failed its own condition: nothing was written. */
  | { outcome: 'alongside-refused' };

/** The transaction id of an idempotency key: the same key always names the same transaction item. */
export function transactionIdOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(transactionKinds),
  idempotencyKey: z.string(),
  postings: storedPostingsSchema,
  references: z.record(z.string(), z.string()),
  at: z.string(),
  status: z.enum(['pending', 'complete']),
  chunkCount: z.number(),
  fingerprint: z.string(),
  reverses: z.optional(z.string()),
  reversedBy: z.optional(z.string()),
});
/** A balance item (or one shard of a sharded account's), as its reads project it. */
const storedBalanceSchema = z.object({ balance: z.number() });

/** A one-item account's balance, as getLedgerBalances' BatchGet projects it with the account it belongs to. */
const storedAccountBalanceSchema = z.object({ accountId: accountIdSchema, balance: z.number() });

const entrySchema = z.object({
  accountId: accountIdSchema,
  transactionId: z.string(),
  kind: z.enum(transactionKinds),
  amountCents: z.number().check(z.int()),
  at: z.string(),
});

function toStored(item: Record<string, NativeAttributeValue>): StoredTransaction & { fingerprint: string } {
  const parsed = readStored('ledger transaction', transactionSchema, item);
  return {
    ...parsed,
    postings: toPostings(parsed.postings),
    reverses: parsed.reverses ?? null,
    reversedBy: parsed.reversedBy ?? null,
  };
}

function withoutFingerprint(stored: StoredTransaction & { fingerprint: string }): StoredTransaction {
  const { fingerprint: _fingerprint, ...transaction } = stored;
  return transaction;
}

async function getTransactionItem(table: TableRef, id: string) {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: ledgerTransactionKey(id), ConsistentRead: true }),
  );
  return Item ? toStored(Item) : null;
}

/** getLedgerTransaction: a transaction with its postings (reads, reversal, resuming a chunked write). */
export async function getLedgerTransaction(table: TableRef, id: string): Promise<StoredTransaction | null> {
  const stored = await getTransactionItem(table, id);
  return stored ? withoutFingerprint(stored) : null;
}

/** Every field of a transaction item, as the batch read projects them (each by a name: several are reserved words). */
const transactionFieldNames = Object.fromEntries(
  Object.keys(transactionSchema.shape).map((field, index) => [`#t${index}`, field]),
);

/**
 * getLedgerTransactions: many transactions by id, a BatchGetItem of 100 at a time (reconciliation reads every
 * transaction its entries name); those that exist, by id.
 */
export async function getLedgerTransactions(
  table: TableRef,
  ids: readonly string[],
): Promise<Map<string, StoredTransaction>> {
  const items = await batchGetAll(
    table,
    [...new Set(ids)].map((id) => ledgerTransactionKey(id)),
    {
      projection: Object.keys(transactionFieldNames).join(', '),
      names: transactionFieldNames,
      consistent: true,
      parallel: 4,
    },
  );
  const found = new Map<string, StoredTransaction>();
  for (const item of items) {
    const transaction = withoutFingerprint(toStored(item));
    found.set(transaction.id, transaction);
  }
  return found;
}

export interface WriteLedgerOptions {
  at: Date;
  /** Tests only: throws before the write of a chunk, to prove a crash between chunks resumes. */
  failBeforeChunk?: (chunkIndex: number) => void;
  /**
   * Items written in the same TransactWriteItems as a transaction that fits one chunk (a lot leaving escrow with its
   * money), so both happen or neither. A failed condition of one of them refuses the whole (`alongside-refused`).
   */
  alongside?: readonly TransactionItem[];
}

/**
 * writeLedgerTransaction: the ledger service posts and reverses with it. Written whole when it fits one call,
 * otherwise in chunks through the transaction's own clearing account; the transaction item (chunk 0) is the
 * idempotency guard, each later chunk has a marker, so a retry of a half-written transaction writes the rest once.
 */
export async function writeLedgerTransaction(
  table: TableRef,
  transaction: ValidTransaction,
  options: WriteLedgerOptions,
): Promise<LedgerWriteResult> {
  const id = transactionIdOf(transaction.idempotencyKey);
  const fingerprint = fingerprintOf(transaction);
  const chunks = planChunks(transaction.postings, clearingAccountOf(id));
  const item = {
    ...ledgerTransactionKey(id),
    entity: transactionEntity,
    v: ledgerItemVersion,
    id,
    kind: transaction.kind,
    idempotencyKey: transaction.idempotencyKey,
    postings: transaction.postings,
    references: transaction.references,
    at: options.at.toISOString(),
    status: chunks.length === 1 ? 'complete' : 'pending',
    chunkCount: chunks.length,
    fingerprint,
    ...(transaction.reverses ? { reverses: transaction.reverses } : {}),
  };
  // The ledger by date (data/ledger-index.ts): its index keys ride on the transaction item, written with it.
  const header = { ...item, ...ledgerIndexKeys(item) };
  const reversal: TransactionItem | null = transaction.reverses
    ? {
        Update: {
          TableName: table.name,
          Key: ledgerTransactionKey(transaction.reverses),
          UpdateExpression: 'SET reversedBy = :id',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reversedBy)',
          ExpressionAttributeValues: { ':id': id },
        },
      }
    : null;
  const alongside = options.alongside ?? [];
  if (alongside.length > 0 && chunks.length > 1) {
    throw new Error('Items alongside a ledger transaction need it to fit one chunk');
  }
  const first = await writeChunk(
    table,
    { guard: putNewItem(table, header), reversal, alongside },
    chunks[0] ?? [],
    { id, kind: transaction.kind, at: header.at },
    options.failBeforeChunk,
    0,
  );
  if (typeof first === 'object') return { outcome: 'insufficient-balance', accountId: first.insufficient };
  if (first === 'alongside-refused') return { outcome: 'alongside-refused' };
  if (first === 'already-reversed') {
    const original = transaction.reverses ? await getLedgerTransaction(table, transaction.reverses) : null;
    return { outcome: 'already-reversed', reversedBy: original?.reversedBy ?? null };
  }
  if (first === 'written') {
    // This call wrote the transaction item: it is what was sent, so it is not read back.
    if (chunks.length > 1) await writeRemainingChunks(table, header, options.failBeforeChunk);
    return { outcome: 'written', transaction: { ...withoutFingerprint(toStored(item)), status: 'complete' } };
  }
  const stored = await getTransactionItem(table, id);
  if (!stored) throw new Error(`Ledger transaction ${id} is missing after its write`);
  if (stored.fingerprint !== fingerprint) {
    return { outcome: 'key-conflict', transaction: withoutFingerprint(stored) };
  }
  if (stored.status === 'complete') return { outcome: 'repeated', transaction: withoutFingerprint(stored) };
  await writeRemainingChunks(table, stored, options.failBeforeChunk);
  const final = await getLedgerTransaction(table, id);
  if (!final) throw new Error(`Ledger transaction ${id} vanished`);
  return { outcome: 'repeated', transaction: final };
}

/** A sharded account's balance: the sum of its balance items (one Query over the account's `BALANCE` range). */
async function sumBalanceItems(table: TableRef, accountId: AccountId): Promise<number> {
  let total = 0;
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :balance)',
        ExpressionAttributeValues: {
          ':pk': ledgerAccountPartition(accountId),
          ':balance': balanceSortPrefix,
        },
        ProjectionExpression: 'balance',
        ConsistentRead: true,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of reply.Items ?? [])
      total += readStored('ledger balance', storedBalanceSchema, item).balance;
    startKey = reply.LastEvaluatedKey;
  } while (startKey);
  return total;
}

/** getLedgerBalance: an account's balance (0 for an account never posted to). */
export async function getLedgerBalance(table: TableRef, accountId: AccountId): Promise<number> {
  if (isShardedAccount(accountId)) return sumBalanceItems(table, accountId);
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: ledgerBalanceKey(accountId),
      ConsistentRead: true,
      ProjectionExpression: 'balance',
    }),
  );
  return Item ? readStored('ledger balance', storedBalanceSchema, Item).balance : 0;
}

/** Sharded accounts read at once by getLedgerBalances (a Query each). */
const shardedReadsAtOnce = 4;

/**
 * getLedgerBalances: the balances of many accounts (0 for one never posted to), by account id. One-item accounts in
 * batches, sharded accounts by a Query each.
 */
export async function getLedgerBalances(
  table: TableRef,
  accountIds: readonly AccountId[],
): Promise<Map<AccountId, number>> {
  const unique = [...new Set(accountIds)];
  const balances = new Map<AccountId, number>(unique.map((id) => [id, 0]));
  if (unique.length === 0) return balances;
  const single = unique.filter((id) => !isShardedAccount(id));
  const sharded = unique.filter((id) => isShardedAccount(id));
  if (single.length > 0) {
    const items = await batchGetAll(
      table,
      single.map((id) => ledgerBalanceKey(id)),
      { projection: 'accountId, balance', consistent: true, parallel: 4 },
    );
    for (const item of items) {
      const { accountId, balance } = readStored('ledger balance', storedAccountBalanceSchema, item);
      balances.set(accountId as AccountId, balance);
    }
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(shardedReadsAtOnce, sharded.length) }, async () => {
      for (let index = next++; index < sharded.length; index = next++) {
        const accountId = sharded[index];
        if (accountId) balances.set(accountId, await sumBalanceItems(table, accountId));
      }
    }),
  );
  return balances;
}

export interface LedgerEntryPage {
  entries: LedgerEntry[];
  /** Pass back to read the next page; null on the last. */
  cursor: string | null;
}

const cursorSchema = z.object({ pk: z.string(), sk: z.string() });

/** listLedgerEntries: an account's entries newest first, a page at a time (wallet transactions, reconciliation). */
export async function listLedgerEntries(
  table: TableRef,
  accountId: AccountId,
  { limit = 20, cursor = null }: { limit?: number; cursor?: string | null } = {},
): Promise<LedgerEntryPage> {
  const start = cursor ? cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString())) : null;
  if (start && start.pk !== ledgerAccountPartition(accountId))
    throw new RangeError('This cursor is of another account');
  const { items, lastKey: last } = await queryAccountEntries(table, accountId, {
    limit,
    newestFirst: true,
    startKey: start,
  });
  return {
    entries: items.map((item) => {
      const entry = readStored('ledger entry', entrySchema, item);
      return { ...entry, accountId: entry.accountId as AccountId };
    }),
    cursor: last
      ? Buffer.from(JSON.stringify({ pk: String(last['pk']), sk: String(last['sk']) })).toString('base64url')
      : null,
  };
}

/**
 * listLedgerEntriesSince: every entry of an account booked at or after `since` (ISO), oldest first, all pages
 * (reconciliation reads what changed since its last clean run). Null `since`: every entry.
 */
export async function listLedgerEntriesSince(
  table: TableRef,
  accountId: AccountId,
  since: string | null,
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let startKey: Record<string, NativeAttributeValue> | null = null;
  do {
    const page = await queryAccountEntries(table, accountId, {
      limit: 500,
      startKey,
      ...(since === null ? {} : { from: since }),
    });
    for (const item of page.items) {
      const entry = readStored('ledger entry', entrySchema, item);
      entries.push({ ...entry, accountId: entry.accountId as AccountId });
    }
    startKey = page.lastKey;
  } while (startKey);
  return entries;
}
