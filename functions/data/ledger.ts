// The ledger in the table (docs/decisions/019-ledger.md): per account a balance (`ADD balance :delta`, guarded
// accounts with `balance >= :needed` in the same write) and an entry per posting; per transaction one item that is
// also its idempotency guard (its id is derived from the key). Nothing here ever edits or deletes an entry.
// A guarded account keeps one balance item; an account many transactions credit at once (an artist's earnings, the
// platform's accounts) spreads its balance over shard items chosen by the transaction id, so no single item takes a
// write from every split, and its balance is the sum of its balance items.
import { createHash } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AccountId, AccountType, Posting, ValidTransaction } from '../domain/money/ledger';
import {
  clearingAccountOf,
  fingerprintOf,
  isGuardedAccount,
  parseAccountId,
  planChunks,
  transactionKinds,
} from '../domain/money/ledger';
import type { ItemKey } from './keys';
import { ledgerIndexKeys } from './ledger-index';
import {
  ledgerAccountPartition,
  ledgerBalanceKey,
  ledgerChunkKey,
  ledgerEntryKey,
  ledgerEntrySortPrefix,
  ledgerTransactionKey,
} from './keys';
import type { TableRef, TransactionItem } from './table';
import { backOff, batchGetAll, putNewItem, transactionCancellationCodes } from './table';

const transactionEntity = 'ledger-transaction';
const entryEntity = 'ledger-entry';
const balanceEntity = 'ledger-balance';
const chunkEntity = 'ledger-chunk';
const version = 1;
/** Two writers on one item make DynamoDB cancel one with TransactionConflict: it is retried, not reported. */
const conflictRetries = 8;

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

/**
 * Unguarded accounts that many transactions credit at once: an artist's earnings (every fan's split pays a popular
 * artist) and the platform's accounts (every payment and split). Their balance lives in `balanceShards` items.
 */
export const shardedAccountTypes: ReadonlySet<AccountType> = new Set([
  'artist-earnings',
  'artist-name-earnings',
  'stripe-clearing',
  'processing-fees',
  'platform-fees',
  'promo-funding',
  'platform-losses',
  'dispute-losses',
  'deleted-fan-returns',
]);
/** Balance items of a sharded account (docs/decisions/019-ledger.md, amendment: no hot item). */
export const balanceShards = 16;
/**
 * The sort keys of an account's balance items: `BALANCE` (a one-item account, or a sharded account's balance written
 * before it was sharded) and `BALANCE#<shard>`.
 */
const balanceSortPrefix = 'BALANCE';

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

/** The transaction id of an idempotency key: the same key always names the same transaction item. */
export function transactionIdOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32);
}

const accountIdSchema = z.string().check(z.refine((id) => safeAccount(id)));
function safeAccount(id: string): boolean {
  try {
    parseAccountId(id);
    return true;
  } catch {
    return false;
  }
}
const postingSchema = z.object({ accountId: accountIdSchema, amountCents: z.number().check(z.int()) });
const transactionSchema = z.object({
  id: z.string(),
  kind: z.enum(transactionKinds),
  idempotencyKey: z.string(),
  postings: z.array(postingSchema),
  references: z.record(z.string(), z.string()),
  at: z.string(),
  status: z.enum(['pending', 'complete']),
  chunkCount: z.number(),
  fingerprint: z.string(),
  reverses: z.optional(z.string()),
  reversedBy: z.optional(z.string()),
});
const entrySchema = z.object({
  accountId: accountIdSchema,
  transactionId: z.string(),
  kind: z.enum(transactionKinds),
  amountCents: z.number().check(z.int()),
  at: z.string(),
});

function toStored(item: Record<string, NativeAttributeValue>): StoredTransaction & { fingerprint: string } {
  const parsed = transactionSchema.parse(item);
  return {
    ...parsed,
    postings: parsed.postings.map((p) => ({
      accountId: p.accountId as AccountId,
      amountCents: p.amountCents,
    })),
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

/** The two items of one posting: the balance moved (guarded when it is lowered) and the entry recorded. */
function postingItems(
  table: TableRef,
  posting: Posting,
  transaction: { id: string; kind: string; at: string },
  chunkIndex: number,
): TransactionItem[] {
  const account = parseAccountId(posting.accountId);
  const guarded = posting.amountCents < 0 && isGuardedAccount(posting.accountId);
  return [
    {
      Update: {
        TableName: table.name,
        Key: balanceItemKeyOf(posting.accountId, transaction.id),
        UpdateExpression:
          'SET entity = :entity, v = :v, accountId = :accountId, accountType = :type, #owner = :owner ADD balance :delta',
        ...(guarded ? { ConditionExpression: 'attribute_exists(balance) AND balance >= :needed' } : {}),
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: {
          ':entity': balanceEntity,
          ':v': version,
          ':accountId': account.id,
          ':type': account.type,
          ':owner': account.owner,
          ':delta': posting.amountCents,
          ...(guarded ? { ':needed': -posting.amountCents } : {}),
        },
      },
    },
    putNewItem(table, {
      ...ledgerEntryKey(posting.accountId, transaction.at, transaction.id, chunkIndex),
      entity: entryEntity,
      v: version,
      accountId: posting.accountId,
      transactionId: transaction.id,
      kind: transaction.kind,
      amountCents: posting.amountCents,
      at: transaction.at,
    }),
  ];
}

type ChunkOutcome =
  'written' | 'already' | { insufficient: AccountId } | 'already-reversed' | 'alongside-refused';

/**
 * One TransactWriteItems: `guard` (the transaction item or a chunk marker) at index 0, `extra` items after it, then
 * the postings. A failed guard means it was written before; a failed balance condition names the account.
 */
async function writeChunk(
  table: TableRef,
  guard: TransactionItem,
  extra: TransactionItem[],
  postings: Posting[],
  transaction: { id: string; kind: string; at: string },
  linkIndex: number | null,
  failBefore?: (chunkIndex: number) => void,
  chunkIndex = 0,
  alongsideFrom: number | null = null,
): Promise<ChunkOutcome> {
  const items = [
    guard,
    ...extra,
    ...postings.flatMap((p) => postingItems(table, p, transaction, chunkIndex)),
  ];
  for (let attempt = 0; ; attempt += 1) {
    try {
      failBefore?.(chunkIndex);
      await table.client.send(new TransactWriteCommand({ TransactItems: items }));
      return 'written';
    } catch (error) {
      const codes = transactionCancellationCodes(error);
      if (!codes) throw error;
      if (codes[0] === 'ConditionalCheckFailed') return 'already';
      if (linkIndex !== null && codes[linkIndex] === 'ConditionalCheckFailed') return 'already-reversed';
      if (
        alongsideFrom !== null &&
        codes.slice(alongsideFrom, 1 + extra.length).includes('ConditionalCheckFailed')
      ) {
        return 'alongside-refused';
      }
      const failed = codes.findIndex((code) => code === 'ConditionalCheckFailed');
      // Posting items come in pairs (balance, entry): only a balance update carries a guard a caller can fail.
      if (failed > extra.length && (failed - 1 - extra.length) % 2 === 0) {
        return {
          insufficient: postings[Math.floor((failed - 1 - extra.length) / 2)]?.accountId as AccountId,
        };
      }
      if (codes.includes('TransactionConflict') && attempt < conflictRetries) {
        await backOff(attempt);
        continue;
      }
      throw error;
    }
  }
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
    v: version,
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
  const link: TransactionItem[] = transaction.reverses
    ? [
        {
          Update: {
            TableName: table.name,
            Key: ledgerTransactionKey(transaction.reverses),
            UpdateExpression: 'SET reversedBy = :id',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(reversedBy)',
            ExpressionAttributeValues: { ':id': id },
          },
        },
      ]
    : [];
  const alongside = options.alongside ?? [];
  if (alongside.length > 0 && chunks.length > 1) {
    throw new Error('Items alongside a ledger transaction need it to fit one chunk');
  }
  const first = await writeChunk(
    table,
    putNewItem(table, header),
    [...link, ...alongside],
    chunks[0] ?? [],
    { id, kind: transaction.kind, at: header.at },
    link.length > 0 ? 1 : null,
    options.failBeforeChunk,
    0,
    alongside.length > 0 ? 1 + link.length : null,
  );
  if (typeof first === 'object') return { outcome: 'insufficient-balance', accountId: first.insufficient };
  if (first === 'alongside-refused') return { outcome: 'alongside-refused' };
  if (first === 'already-reversed') {
    const original = transaction.reverses ? await getLedgerTransaction(table, transaction.reverses) : null;
    return { outcome: 'already-reversed', reversedBy: original?.reversedBy ?? null };
  }
  const stored = await getTransactionItem(table, id);
  if (!stored) throw new Error(`Ledger transaction ${id} is missing after its write`);
  if (stored.fingerprint !== fingerprint) {
    return { outcome: 'key-conflict', transaction: withoutFingerprint(stored) };
  }
  if (stored.status === 'pending') await writeRemainingChunks(table, stored, options.failBeforeChunk);
  const final = await getLedgerTransaction(table, id);
  if (!final) throw new Error(`Ledger transaction ${id} vanished`);
  return { outcome: first === 'written' ? 'written' : 'repeated', transaction: final };
}

async function writeRemainingChunks(
  table: TableRef,
  stored: StoredTransaction,
  failBefore: ((chunkIndex: number) => void) | undefined,
): Promise<void> {
  // Planned again from the stored postings at the stored time: the same chunks the first writer planned.
  const chunks = planChunks(stored.postings, clearingAccountOf(stored.id));
  for (let index = 1; index < chunks.length; index += 1) {
    const last = index === chunks.length - 1;
    const complete: TransactionItem[] = last
      ? [
          {
            Update: {
              TableName: table.name,
              Key: ledgerTransactionKey(stored.id),
              UpdateExpression: 'SET #status = :complete',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':complete': 'complete' },
            },
          },
        ]
      : [];
    const outcome = await writeChunk(
      table,
      putNewItem(table, { ...ledgerChunkKey(stored.id, index), entity: chunkEntity, v: version }),
      complete,
      chunks[index] ?? [],
      stored,
      null,
      failBefore,
      index,
    );
    if (typeof outcome === 'object') {
      // Guarded debits all sit in chunk 0 (planChunks), so a later chunk only credits or debits unguarded accounts.
      throw new Error(`Ledger chunk ${index} of ${stored.id} refused for ${outcome.insufficient}`);
    }
  }
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
    for (const item of reply.Items ?? []) total += z.number().parse(item['balance']);
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
  return Item ? z.number().parse(Item['balance']) : 0;
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
      const accountId = accountIdSchema.parse(item['accountId']) as AccountId;
      balances.set(accountId, z.number().parse(item['balance']));
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
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :entry)',
      ExpressionAttributeValues: {
        ':pk': ledgerAccountPartition(accountId),
        ':entry': ledgerEntrySortPrefix,
      },
      ScanIndexForward: false,
      Limit: limit,
      ...(start ? { ExclusiveStartKey: start } : {}),
    }),
  );
  const last = reply.LastEvaluatedKey;
  return {
    entries: (reply.Items ?? []).map((item) => {
      const entry = entrySchema.parse(item);
      return { ...entry, accountId: entry.accountId as AccountId };
    }),
    cursor: last
      ? Buffer.from(JSON.stringify({ pk: String(last['pk']), sk: String(last['sk']) })).toString('base64url')
      : null,
  };
}
