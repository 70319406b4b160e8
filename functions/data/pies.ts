// Pies in the table (docs/data-model.md): one item per pie (`PIE#<pieId>` / `PIE`), found by fan (gsi1,
// newest period first) and by the UTC day its period ends (gsi2, for the end-of-period split without a Scan). A pie's
// id is derived from what paid for it, so a re-delivered webhook finds the pie it opened before instead of opening a
// second one: the put is conditional, and a pie that exists is answered as it is. The fan's settings and inclusions
// of an open pie are changed through data/pie-settings.ts.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { dueShardOf, fanPiesPartition, pieKey, piesDuePartition, piesRaisedPartition } from './keys';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import {
  isConditionFailure,
  queryPages,
  dueIndexQueries,
  queryPagesOfEach,
  transactUnlessFailed,
  updateIfCondition,
} from './table';

const pieEntity = 'pie';
const pieVersion = 1;

/** What the table keeps; the status the fan sees is derived from it (domain/money/pie-status.ts). */
export const storedPieStatuses = ['open', 'inactive', 'split'] as const;
export type StoredPieStatus = (typeof storedPieStatuses)[number];

/** Why a pie stopped counting before its end. */
export const pieInactiveReasons = ['renewal-failed', 'refunded', 'disputed'] as const;
export type PieInactiveReason = (typeof pieInactiveReasons)[number];

/** The split's totals, kept on the pie for My pies' receipts list (contracts/payments.ts `pieSummarySchema`). */
export interface StoredPieReceiptTotals {
  outcome: 'split' | 'nothing_to_split';
  splitAt: string;
  allocatedCents: number;
  keptInWalletCents: number;
  artistCount: number;
  heldCents: number;
  heldArtistCount: number;
  /** YYYY-MM-DD: the first day held money goes back to the wallet; null when nothing is held. */
  heldUntil: string | null;
}

export interface PieSettings {
  artistLimit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
}

export interface StoredPie {
  id: string;
  fanId: string;
  promo: boolean;
  status: StoredPieStatus;
  inactiveReason: PieInactiveReason | null;
  /** ISO 8601; the period is [periodStart, periodEnd). */
  periodStart: string;
  periodEnd: string;
  pieDays: number;
  amountCents: number;
  /** Stripe's fee from the charge's balance transaction; null until known (always 0 for a promo pie). */
  processingFeeCents: number | null;
  platformFeeCents: number;
  settings: PieSettings;
  /**
   * This pie's inclusions by the split's artist key: true keeps an artist in beyond the limit, false
   * leaves it out of this pie; an artist absent here is left to the settings. Absent on the item = none.
   */
  inclusions: Record<string, boolean>;
  /** What the end-of-period split did, set with `status = split`; null before. */
  receipt: StoredPieReceiptTotals | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  createdAt: string;
  /** How many times its split failed (decision 031); absent until the first failure. */
  splitAttempts?: number;
  /** The last failure's message, for staff. */
  lastSplitError?: string;
  /** Set when the split failed `maxSplitAttempts` times: the fan-out stops retrying and staff are shown it. */
  splitRaisedAt?: string;
}

const storedPieSchema = z.object({
  id: z.string(),
  fanId: z.string(),
  promo: z.boolean(),
  status: z.enum(storedPieStatuses),
  inactiveReason: z.optional(z.nullable(z.enum(pieInactiveReasons))),
  periodStart: z.string(),
  periodEnd: z.string(),
  pieDays: z.number().check(z.int()),
  amountCents: z.number().check(z.int()),
  processingFeeCents: z.nullable(z.number().check(z.int())),
  platformFeeCents: z.number().check(z.int()),
  settings: z.object({
    artistLimit: z.number().check(z.int()),
    artistPopularity: z.number().check(z.int()),
    excludeNonActive: z.boolean(),
  }),
  inclusions: z.optional(z.record(z.string(), z.boolean())),
  // Null on pies opened since receipts exist (openPie writes `receipt: null`), absent on older ones.
  receipt: z.optional(
    z.nullable(
      z.object({
        outcome: z.enum(['split', 'nothing_to_split']),
        splitAt: z.string(),
        allocatedCents: z.number().check(z.int()),
        keptInWalletCents: z.number().check(z.int()),
        artistCount: z.number().check(z.int()),
        heldCents: z.number().check(z.int()),
        heldArtistCount: z.number().check(z.int()),
        heldUntil: z.nullable(z.string()),
      }),
    ),
  ),
  subscriptionId: z.nullable(z.string()),
  invoiceId: z.nullable(z.string()),
  createdAt: z.string(),
  splitAttempts: z.optional(z.number().check(z.int())),
  lastSplitError: z.optional(z.string()),
  splitRaisedAt: z.optional(z.string()),
});

/** A pie's count of failed splits, as the update that counts one answers it. */
const storedSplitAttemptsSchema = z.object({ splitAttempts: z.number() });

/** The pie an item holds, read through its schema (data/pie-settings.ts reads it too). */
export function toPie(item: Record<string, NativeAttributeValue>): StoredPie {
  const parsed = readStored('pie', storedPieSchema, item);
  const { splitAttempts, lastSplitError, splitRaisedAt, ...rest } = parsed;
  return {
    ...rest,
    ...(splitAttempts === undefined ? {} : { splitAttempts }),
    ...(lastSplitError === undefined ? {} : { lastSplitError }),
    ...(splitRaisedAt === undefined ? {} : { splitRaisedAt }),
    inactiveReason: parsed.inactiveReason ?? null,
    inclusions: parsed.inclusions ?? {},
    receipt: parsed.receipt ?? null,
  };
}

/** gsi1 sort key: periods sort by their ISO start; the id makes two pies of one instant distinct. */
function fanPiesSortKey(pie: Pick<StoredPie, 'periodStart' | 'id'>): string {
  return `${pie.periodStart}#${pie.id}`;
}

export type PutPieResult = { outcome: 'created'; pie: StoredPie } | { outcome: 'exists'; pie: StoredPie };

/**
 * The put of a new pie, only where none of its id exists: `putPie` writes it alone; a payment writes it in the same
 * transaction as the money that funds it (decision 031), so no pie exists without its money, nor money without its pie.
 */
export function buildNewPiePut(table: TableRef, pie: StoredPie): TransactionItem {
  return {
    Put: {
      TableName: table.name,
      Item: {
        ...pieKey(pie.id),
        entity: pieEntity,
        v: pieVersion,
        ...pie,
        gsi1pk: fanPiesPartition(pie.fanId),
        gsi1sk: fanPiesSortKey(pie),
        gsi2pk: piesDuePartition(dueShardOf(pie.id)),
        gsi2sk: `${pie.periodEnd}#${pie.id}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Access pattern `putPie`: stores a new pie unless one of its id exists; then that one is answered unchanged (a
 * re-delivered payment opens nothing twice).
 */
export async function putPie(table: TableRef, pie: StoredPie): Promise<PutPieResult> {
  const created = await transactUnlessFailed(table, { pie: buildNewPiePut(table, pie) }, 'pie');
  if (created) return { outcome: 'created', pie };
  const existing = await getPie(table, pie.id);
  if (!existing) throw new Error(`Pie ${pie.id} was refused as existing, yet it is not there`);
  return { outcome: 'exists', pie: existing };
}

/** Access pattern `getPie`. */
export async function getPie(table: TableRef, pieId: string): Promise<StoredPie | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: pieKey(pieId), ConsistentRead: true }),
  );
  return Item ? toPie(Item) : null;
}

/** Access pattern `listFanPies`: a fan's pies, newest period first. */
export async function listFanPies(
  table: TableRef,
  fanId: string,
  { limit = 100 }: { limit?: number } = {},
): Promise<StoredPie[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': fanPiesPartition(fanId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toPie);
}

/** Access pattern `listAllFanPies`: every pie of a fan, newest period first (a few dozen at most, a page or two). */
export async function listAllFanPies(table: TableRef, fanId: string): Promise<StoredPie[]> {
  const pies: StoredPie[] = [];
  for await (const page of queryPages(table, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': fanPiesPartition(fanId) },
    ScanIndexForward: false,
  })) {
    pies.push(...(page.Items ?? []).map(toPie));
  }
  return pies;
}

/**
 * Access pattern `pagesOfPiesDue`: the pies not split yet whose period ended at or before `now`, a page at a time,
 * shard by shard (every shard's first page asked for at once), oldest end first within a shard. Split, refunded,
 * disputed and raised pies are not in the index.
 */
export async function* pagesOfPiesDue(
  table: TableRef,
  now: Date,
  pageSize = 100,
): AsyncGenerator<StoredPie[]> {
  for await (const page of queryPagesOfEach(table, dueIndexQueries(piesDuePartition, now, pageSize)))
    yield (page.Items ?? []).map(toPie);
}

/** Access pattern `listRaisedPies`: the pies whose split failed too often, for staff, oldest end first. */
export async function listRaisedPies(table: TableRef, limit = 100): Promise<StoredPie[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': piesRaisedPartition },
      Limit: limit,
    }),
  );
  return (Items ?? []).map(toPie);
}

/** A pie's split is tried this many times before it is raised for staff instead of retried. */
export const maxSplitAttempts = 5;

/**
 * Access pattern `recordSplitFailure`: counts a failed split of a pie not split yet, with its message; at the
 * `maxSplitAttempts`th it leaves the due index for the raised one. Answers the attempts so far and whether it was
 * raised now; null when the pie is split (or gone) meanwhile.
 */
export async function recordSplitFailure(
  table: TableRef,
  pieId: string,
  message: string,
  at: Date,
): Promise<{ attempts: number; raised: boolean } | null> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: pieKey(pieId),
        UpdateExpression:
          'SET splitAttempts = if_not_exists(splitAttempts, :zero) + :one, lastSplitError = :message, lastSplitAttemptAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :split',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':message': message.slice(0, 500),
          ':at': at.toISOString(),
          ':split': 'split',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    const attempts = readStored('pie', storedSplitAttemptsSchema, Attributes).splitAttempts;
    if (attempts < maxSplitAttempts) return { attempts, raised: false };
    const raised = await updateIfCondition(table, {
      Key: pieKey(pieId),
      UpdateExpression: 'SET splitRaisedAt = :at, gsi2pk = :raised',
      ConditionExpression:
        'attribute_exists(pk) AND #status <> :split AND attribute_not_exists(splitRaisedAt)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':at': at.toISOString(),
        ':raised': piesRaisedPartition,
        ':split': 'split',
      },
    });
    return { attempts, raised };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Access pattern `setPieProcessingFee`: fills in Stripe's fee once it is known. Only while unknown, so a late or
 * repeated `charge.updated` never changes a fee already booked.
 */
export function setPieProcessingFee(table: TableRef, pieId: string, feeCents: number): Promise<boolean> {
  return updateIfCondition(table, {
    Key: pieKey(pieId),
    UpdateExpression: 'SET processingFeeCents = :fee',
    ConditionExpression: 'attribute_exists(pk) AND processingFeeCents = :unknown',
    ExpressionAttributeValues: { ':fee': feeCents, ':unknown': null },
  });
}

/**
 * Access pattern `markPieSplit`: the last step of the end-of-period split. The pie becomes `split` with
 * its receipt's totals, and what must be written with it (`alongside`: the receipt mail, the nothing-to-split event)
 * is written in the same transaction, only where the pie is not split yet and still splittable (open, or inactive
 * because its renewal failed): so however often the split runs, the fan is told once. False, and nothing written,
 * when the condition failed.
 */
export async function markPieSplit(
  table: TableRef,
  pieId: string,
  totals: StoredPieReceiptTotals,
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<boolean> {
  const update = {
    TableName: table.name,
    Key: pieKey(pieId),
    // Out of the due index too: the hourly fan-out then reads only pies still to split.
    UpdateExpression: 'SET #status = :split, receipt = :receipt REMOVE gsi2pk, gsi2sk',
    ConditionExpression:
      'attribute_exists(pk) AND (#status = :open OR (#status = :inactive AND inactiveReason = :renewalFailed))',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':split': 'split',
      ':receipt': { ...totals },
      ':open': 'open',
      ':inactive': 'inactive',
      ':renewalFailed': 'renewal-failed',
    },
  };
  return transactUnlessFailed(table, { pie: { Update: update }, alongside: options.alongside }, 'pie');
}

/**
 * Access pattern `markPieInactive`: an open pie stops counting (failed renewal, refund, dispute), with what must be
 * written with it (`alongside`: the mail that tells the fan). False, and nothing written, when it was not open
 * (already inactive, or split): the first reason stays and the fan is told once.
 */
export async function markPieInactive(
  table: TableRef,
  pieId: string,
  reason: PieInactiveReason,
  at: Date,
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<boolean> {
  const update = {
    TableName: table.name,
    Key: pieKey(pieId),
    // A refunded or disputed pie is never split: it leaves the due index. A failed renewal's pie is still split.
    UpdateExpression:
      reason === 'renewal-failed'
        ? 'SET #status = :inactive, inactiveReason = :reason, inactiveAt = :at'
        : 'SET #status = :inactive, inactiveReason = :reason, inactiveAt = :at REMOVE gsi2pk, gsi2sk',
    ConditionExpression: 'attribute_exists(pk) AND #status = :open',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':inactive': 'inactive',
      ':open': 'open',
      ':reason': reason,
      ':at': at.toISOString(),
    },
  };
  const alongside = options.alongside ?? [];
  if (alongside.length === 0) {
    const { TableName: _name, ...input } = update;
    return updateIfCondition(table, input);
  }
  return transactUnlessFailed(table, { pie: { Update: update }, alongside }, 'pie');
}
