// Pies in the table (issue #11, docs/data-model.md): one item per pie (`PIE#<pieId>` / `PIE`), found by fan (gsi1,
// newest period first) and by the UTC day its period ends (gsi2, for the split of issue #12 without a Scan). A pie's
// id is derived from what paid for it, so a re-delivered webhook finds the pie it opened before instead of opening a
// second one: the put is conditional, and a pie that exists is answered as it is.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { fanPiesPartition, pieKey, piesDuePartition } from './keys';
import type { TableRef, TransactionItem } from './table';
import { isConditionFailure, updateIfCondition, writeUnlessGuardFails } from './table';

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
   * This pie's inclusions by the split's artist key (issue #12): true keeps an artist in beyond the limit, false
   * leaves it out of this pie; an artist absent here is left to the settings. Absent on the item = none.
   */
  inclusions: Record<string, boolean>;
  /** What the end-of-period split did (issue #12), set with `status = split`; null before. */
  receipt: StoredPieReceiptTotals | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  createdAt: string;
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
  // Null on pies opened since issue #12 (openPie writes `receipt: null`), absent on older ones.
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
});

function toPie(item: Record<string, NativeAttributeValue>): StoredPie {
  const parsed = storedPieSchema.parse(item);
  return {
    ...parsed,
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
 * Access pattern `putPie`: stores a new pie unless one of its id exists; then that one is answered unchanged (a
 * re-delivered payment opens nothing twice).
 */
export async function putPie(table: TableRef, pie: StoredPie): Promise<PutPieResult> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...pieKey(pie.id),
          entity: pieEntity,
          v: pieVersion,
          ...pie,
          gsi1pk: fanPiesPartition(pie.fanId),
          gsi1sk: fanPiesSortKey(pie),
          gsi2pk: piesDuePartition(pie.periodEnd.slice(0, 10)),
          gsi2sk: `${pie.periodEnd}#${pie.id}`,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { outcome: 'created', pie };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const existing = await getPie(table, pie.id);
    if (!existing) throw error;
    return { outcome: 'exists', pie: existing };
  }
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

/** Access pattern `listPiesDue`: the pies whose period ends on a UTC day (`YYYY-MM-DD`), in end order. */
export async function listPiesDue(table: TableRef, periodEndDate: string): Promise<StoredPie[]> {
  const pies: StoredPie[] = [];
  let start: Record<string, NativeAttributeValue> | undefined;
  do {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': piesDuePartition(periodEndDate) },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    pies.push(...(reply.Items ?? []).map(toPie));
    start = reply.LastEvaluatedKey;
  } while (start);
  return pies;
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
 * Access pattern `markPieSplit`: the last step of the end-of-period split (issue #12). The pie becomes `split` with
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
  return writeUnlessGuardFails(table, [{ Update: update }, ...(options.alongside ?? [])], 0);
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
    UpdateExpression: 'SET #status = :inactive, inactiveReason = :reason, inactiveAt = :at',
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
  return writeUnlessGuardFails(table, [{ Update: update }, ...alongside], 0);
}

/**
 * Access pattern `updatePieSettings`: the fan changes how an open pie splits, while its period runs (`now` before
 * periodEnd: an ended pie waits for its split with the settings it ended with). Null when the pie is not there, not
 * open or ended.
 */
export async function updatePieSettings(
  table: TableRef,
  pieId: string,
  settings: PieSettings,
  now: Date,
): Promise<StoredPie | null> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: pieKey(pieId),
        UpdateExpression: 'SET settings = :settings',
        ConditionExpression: 'attribute_exists(pk) AND #status = :open AND periodEnd > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':settings': settings, ':open': 'open', ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toPie(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** At most this many inclusions per pie: one per artist a pie can hold (contracts/pie.ts `maximumArtistLimit`). */
export const maximumPieInclusions = 500;

export type SetPieInclusionResult = 'set' | 'closed' | 'limit_reached';

/** Retries of an inclusion that raced another write of the same pie: each retry sees the winner. */
const inclusionAttempts = 3;

/**
 * Access pattern `setPieInclusion`: this pie keeps an artist in (`true`), leaves it out (`false`) or hands it back
 * to the settings (`null`), while the pie is open and its period runs (else `closed`). A new key is refused with
 * `limit_reached` once the pie holds `maximumPieInclusions`. ISO instants compare as strings, so `periodEnd > :now`
 * is the period check.
 */
export async function setPieInclusion(
  table: TableRef,
  pieId: string,
  artistKey: string,
  value: boolean | null,
  now: Date,
): Promise<SetPieInclusionResult> {
  const openNow = 'attribute_exists(pk) AND #status = :open AND periodEnd > :now';
  const names = { '#status': 'status', '#artist': artistKey };
  const openValues = { ':open': 'open', ':now': now.toISOString() };
  for (let attempt = 0; attempt < inclusionAttempts; attempt += 1) {
    const changed = await updateIfCondition(
      table,
      value === null
        ? {
            Key: pieKey(pieId),
            UpdateExpression: 'REMOVE inclusions.#artist',
            ConditionExpression: `${openNow} AND attribute_exists(inclusions)`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: openValues,
          }
        : {
            Key: pieKey(pieId),
            UpdateExpression: 'SET inclusions.#artist = :value',
            ConditionExpression: `${openNow} AND attribute_exists(inclusions) AND (size(inclusions) < :max OR attribute_exists(inclusions.#artist))`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ...openValues, ':value': value, ':max': maximumPieInclusions },
          },
    );
    if (changed) return 'set';
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: pieKey(pieId), ConsistentRead: true }),
    );
    if (!Item) return 'closed';
    const pie = toPie(Item);
    if (pie.status !== 'open' || Date.parse(pie.periodEnd) <= now.getTime()) return 'closed';
    const hasMap = Item['inclusions'] !== undefined;
    if (value === null && !hasMap) return 'set';
    if (hasMap && value !== null && Object.keys(pie.inclusions).length >= maximumPieInclusions) {
      if (!(artistKey in pie.inclusions)) return 'limit_reached';
    }
    // A pie stored before inclusions existed has no map: give it an empty one, then set the key.
    if (!hasMap) {
      await updateIfCondition(table, {
        Key: pieKey(pieId),
        UpdateExpression: 'SET inclusions = :empty',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(inclusions)',
        ExpressionAttributeValues: { ':empty': {} },
      });
    }
  }
  throw new Error(`Pie ${pieId} kept changing while setting the inclusion of ${artistKey}`);
}
