// The ledger by date (docs/decisions/042-staff-finances-and-journal.md): two sparse indexes on the transaction item,
// written by writeLedgerTransaction in the transaction's own TransactWriteItems, so staff's finances, the
// accountant's journal and every fan's wallet lines read a span of days instead of every account or every fan.
// - gsi1 `LEDGER_MONTH#<yyyy-mm>#<shard>`, sort `<at>#<transactionId>`: every transaction;
// - gsi2 `LEDGER_WALLET_MONTH#<yyyy-mm>#<shard>`, same sort: the transactions that touch a fan's wallet (a posting to
//   a `fan-wallet` or `pie-funds` account) or take money back from a pie (a refund or dispute naming its pie, which
//   the fan's wallet shows even when none of its money was in the wallet).
// A day is a range of the sort key, so a period is one Query per shard of each month it spans; only today's month is
// written at any moment, and the shards (from the transaction id) spread those writes. Items written before the
// indexes are given their keys by the backfill here (`npm run ledger:index-backfill`).
import { createHash } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AccountId, Posting, TransactionKind } from '../domain/money/ledger';
import {
  accountIdOf,
  parseAccountId,
  platformAccountTypes,
  platformOwner,
  transactionKinds,
} from '../domain/money/ledger';
import { queryAccountEntries } from './ledger-account-entries';
import { storedPostingsSchema, toPostings } from './ledger-postings';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { isConditionFailure } from './table';

/** Shards of each month's partition: four times one partition's write rate, four Queries a month to read. */
export const ledgerIndexShards = 4;

export const ledgerIndexName = 'gsi1';
export const walletIndexName = 'gsi2';

const ledgerMonthPrefix = 'LEDGER_MONTH#';
const walletMonthPrefix = 'LEDGER_WALLET_MONTH#';

/** The transaction item's entity (data/ledger.ts). */
const transactionEntity = 'ledger-transaction';

export type LedgerIndex = 'ledger' | 'wallet';

/** The shard a transaction is indexed under: stable, from its id, spread evenly. */
export function ledgerIndexShardOf(transactionId: string): number {
  return (
    createHash('sha256').update(`ledger-index:${transactionId}`).digest().readUInt32BE(0) % ledgerIndexShards
  );
}

/** The partition of one shard of one month (`yyyy-mm`) of an index. */
export function ledgerIndexPartition(index: LedgerIndex, month: string, shard: number): string {
  return `${index === 'ledger' ? ledgerMonthPrefix : walletMonthPrefix}${month}#${shard}`;
}

/** A transaction's sort key in both indexes: its instant, then its id. */
export function ledgerIndexSortKey(at: string, transactionId: string): string {
  return `${at}#${transactionId}`;
}

const walletAccountTypes: ReadonlySet<string> = new Set(['fan-wallet', 'pie-funds']);
const takeBackKinds: ReadonlySet<TransactionKind> = new Set(['refund', 'dispute']);

/** Whether a transaction belongs in the wallet index: it moves a fan's wallet money, or takes back from a pie. */
export function touchesFanWallet(transaction: {
  kind: TransactionKind;
  postings: readonly Posting[];
  references: Readonly<Record<string, string>>;
}): boolean {
  if (takeBackKinds.has(transaction.kind) && transaction.references['pieId'] !== undefined) return true;
  return transaction.postings.some((posting) =>
    walletAccountTypes.has(parseAccountId(posting.accountId).type),
  );
}

/** The index attributes of a transaction item: gsi1 always, gsi2 when it touches a fan's wallet. */
export function ledgerIndexKeys(transaction: {
  id: string;
  kind: TransactionKind;
  at: string;
  postings: readonly Posting[];
  references: Readonly<Record<string, string>>;
}): Record<string, string> {
  const month = transaction.at.slice(0, 7);
  const shard = ledgerIndexShardOf(transaction.id);
  const sortKey = ledgerIndexSortKey(transaction.at, transaction.id);
  return {
    gsi1pk: ledgerIndexPartition('ledger', month, shard),
    gsi1sk: sortKey,
    ...(touchesFanWallet(transaction)
      ? { gsi2pk: ledgerIndexPartition('wallet', month, shard), gsi2sk: sortKey }
      : {}),
  };
}

/** What the backfill reads of a transaction item written before the indexes. */
export interface UnindexedTransaction {
  pk: string;
  sk: string;
  id: string;
  kind: TransactionKind;
  at: string;
  postings: Posting[];
  references: Record<string, string>;
}

const unindexedSchema = z.object({
  pk: z.string(),
  sk: z.string(),
  id: z.string(),
  kind: z.enum(transactionKinds),
  at: z.string(),
  postings: storedPostingsSchema,
  references: z.record(z.string(), z.string()),
});

function toUnindexed(item: Record<string, NativeAttributeValue>): UnindexedTransaction {
  const parsed = readStored('ledger transaction', unindexedSchema, item);
  return {
    ...parsed,
    postings: toPostings(parsed.postings),
  };
}

/**
 * Access pattern `pagesOfUnindexedLedgerTransactions` (the backfill only, never a request): a Scan of the table for
 * transaction items without the ledger index's keys, a page at a time.
 */
export async function* pagesOfUnindexedLedgerTransactions(
  table: TableRef,
): AsyncGenerator<UnindexedTransaction[]> {
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const reply = await table.client.send(
      new ScanCommand({
        TableName: table.name,
        FilterExpression: 'entity = :entity AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: { ':entity': transactionEntity },
        ProjectionExpression: 'pk, sk, id, kind, #at, postings, #references',
        ExpressionAttributeNames: { '#at': 'at', '#references': 'references' },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    const page = (reply.Items ?? []).map(toUnindexed);
    if (page.length > 0) yield page;
    startKey = reply.LastEvaluatedKey;
  } while (startKey);
}

/**
 * Access pattern `indexLedgerTransaction` (the backfill): SET the index keys on a transaction item that has none
 * (condition: it exists and has no gsi1pk), so two runs, or a run beside a new write, set them once. True when set.
 */
export async function indexLedgerTransaction(table: TableRef, item: UnindexedTransaction): Promise<boolean> {
  const keys = ledgerIndexKeys(item);
  const names = Object.keys(keys);
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: `SET ${names.map((name) => `${name} = :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi1pk)',
        ExpressionAttributeValues: Object.fromEntries(names.map((name) => [`:${name}`, keys[name]])),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A transaction as the indexes give it back (the item's own fields; the indexes project all). */
export interface IndexedTransaction {
  id: string;
  kind: TransactionKind;
  idempotencyKey: string;
  at: string;
  postings: Posting[];
  references: Record<string, string>;
  reverses: string | null;
}

const indexedSchema = z.object({
  id: z.string(),
  kind: z.enum(transactionKinds),
  idempotencyKey: z.string(),
  at: z.string(),
  postings: storedPostingsSchema,
  references: z.record(z.string(), z.string()),
  reverses: z.optional(z.string()),
});

function toIndexed(item: Record<string, NativeAttributeValue>): IndexedTransaction {
  const parsed = readStored('ledger transaction', indexedSchema, item);
  return {
    ...parsed,
    postings: toPostings(parsed.postings),
    reverses: parsed.reverses ?? null,
  };
}

const indexedProjection = {
  ProjectionExpression: 'id, kind, idempotencyKey, #at, postings, #references, reverses',
  names: { '#at': 'at', '#references': 'references' },
};

/** The months (`yyyy-mm`) from the one of `from` to the one of `to`, both included. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (current > last) return months;
    months.push(current);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** Oldest first; equal instants by id (the indexes' sort key order). */
export function compareIndexed(a: { at: string; id: string }, b: { at: string; id: string }): number {
  return a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Index Queries at once: a staff screen should not take a table's whole capacity. */
const parallelQueries = 8;

async function eachAtMostParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallelQueries, items.length) }, async () => {
      for (let index = next++; index < items.length; index = next++) await work(items[index] as T);
    }),
  );
}

/** One shard of an index's month: the index, its key attributes and the partition's value. */
interface IndexPartition {
  name: string;
  pk: string;
  sk: string;
  value: string;
}

function partitionsOf(index: LedgerIndex, month: string): IndexPartition[] {
  const name = index === 'ledger' ? ledgerIndexName : walletIndexName;
  const [pk, sk] = index === 'ledger' ? ['gsi1pk', 'gsi1sk'] : ['gsi2pk', 'gsi2sk'];
  return Array.from({ length: ledgerIndexShards }, (_, shard) => ({
    name,
    pk,
    sk,
    value: ledgerIndexPartition(index, month, shard),
  }));
}

/**
 * One page of one shard of an index's month: `gsi<n>pk = <month>#<shard> AND gsi<n>sk BETWEEN <from> AND <to>`, from
 * after `startKey`, at most `limit` items when given.
 */
async function queryPartition(
  table: TableRef,
  partition: IndexPartition,
  range: { from: string; to: string },
  page: { startKey?: Record<string, NativeAttributeValue> | undefined; limit?: number },
): Promise<{
  transactions: IndexedTransaction[];
  lastKey: Record<string, NativeAttributeValue> | undefined;
}> {
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: partition.name,
      KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
      ExpressionAttributeNames: { '#pk': partition.pk, '#sk': partition.sk, ...indexedProjection.names },
      ExpressionAttributeValues: { ':pk': partition.value, ':from': range.from, ':to': range.to },
      ProjectionExpression: indexedProjection.ProjectionExpression,
      ...(page.limit === undefined ? {} : { Limit: page.limit }),
      ...(page.startKey ? { ExclusiveStartKey: page.startKey } : {}),
    }),
  );
  return { transactions: (reply.Items ?? []).map(toIndexed), lastKey: reply.LastEvaluatedKey };
}

/**
 * Access pattern `listIndexedTransactions`: every transaction of an index booked from `from` (included) to `to`
 * (left out), oldest first: per shard of each month of the span, one Query `gsi<n>pk = <month>#<shard> AND gsi<n>sk
 * BETWEEN <from> AND <to>` (an item at exactly `to` has a longer key and is left out), through all its pages.
 */
export async function listIndexedTransactions(
  table: TableRef,
  index: LedgerIndex,
  range: { from: string; to: string },
): Promise<IndexedTransaction[]> {
  if (range.from >= range.to) return [];
  const partitions = monthsOf(range.from, range.to).flatMap((month) => partitionsOf(index, month));
  const found: IndexedTransaction[] = [];
  await eachAtMostParallel(partitions, async (partition) => {
    let startKey: Record<string, NativeAttributeValue> | undefined;
    do {
      const page = await queryPartition(table, partition, range, { startKey });
      found.push(...page.transactions);
      startKey = page.lastKey;
    } while (startKey);
  });
  return found.sort(compareIndexed);
}

/**
 * Access pattern `pageOfIndexedTransactions` (the journal): the first `limit` transactions of the ledger index booked
 * from `from` to `to` strictly after `after` (its instant and id), oldest first, and whether more follow. Month by
 * month from the first, each shard gives at most what is still wanted (plus the `after` transaction itself), which is
 * enough because a shard's items come in the index's order.
 */
export async function pageOfIndexedTransactions(
  table: TableRef,
  range: { from: string; to: string; after: { at: string; id: string } | null },
  limit: number,
): Promise<{ transactions: IndexedTransaction[]; more: boolean }> {
  const lower = range.after
    ? ledgerIndexSortKey(range.after.at, range.after.id) > range.from
      ? ledgerIndexSortKey(range.after.at, range.after.id)
      : range.from
    : range.from;
  const collected: IndexedTransaction[] = [];
  if (lower >= range.to) return { transactions: [], more: false };
  for (const month of monthsOf(lower, range.to)) {
    const wanted = limit + 1 - collected.length;
    const ofMonth: IndexedTransaction[] = [];
    await eachAtMostParallel(partitionsOf('ledger', month), async (partition) => {
      const page = await queryPartition(
        table,
        partition,
        { from: lower, to: range.to },
        { limit: wanted + 1 },
      );
      ofMonth.push(...page.transactions);
    });
    const after = range.after;
    collected.push(
      ...ofMonth
        .filter((transaction) => !after || compareIndexed(transaction, { at: after.at, id: after.id }) > 0)
        .sort(compareIndexed)
        .slice(0, wanted),
    );
    if (collected.length > limit) break;
  }
  return { transactions: collected.slice(0, limit), more: collected.length > limit };
}

/**
 * Access pattern `firstEntryInstant`: the instant of the oldest entry of any of `accountIds` (one Query, Limit 1, of
 * each account's entries), null when none has any. Money enters the ledger through the platform's accounts, so theirs
 * is the ledger's first instant.
 */
export async function firstEntryInstant(
  table: TableRef,
  accountIds: readonly AccountId[],
): Promise<string | null> {
  const firsts = await Promise.all(
    accountIds.map(async (accountId) => {
      const { items } = await queryAccountEntries(table, accountId, { limit: 1, attributes: ['at'] });
      const at: unknown = items[0]?.['at'];
      return typeof at === 'string' ? at : null;
    }),
  );
  return firsts.filter((at): at is string => at !== null).sort()[0] ?? null;
}

/**
 * The ledger's first instant: money enters it through the platform's accounts, so the oldest of their entries is the
 * oldest transaction (seven Queries of one item); null while the ledger is empty.
 */
export async function firstLedgerInstant(table: TableRef): Promise<string | null> {
  return firstEntryInstant(
    table,
    platformAccountTypes.map((type) => accountIdOf(type, platformOwner)),
  );
}
