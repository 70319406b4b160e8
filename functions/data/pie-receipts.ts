// A pie's receipt (docs/decisions/023-the-split-run-and-escrow.md): the split its period came to, computed
// once when the period ended and frozen (`PIE#<pieId>` / `RECEIPT`, put only where none exists), so a late sync or a
// changed setting never changes what was paid, and a second worker on the same pie pays what the first computed.
// The body (the artists with their cents, in the realtime-stats shape) is gzip'd JSON: a month of a few thousand
// artists stays far below DynamoDB's 400 KB item limit.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { RealtimeStats } from '../contracts/pie';
import { realtimeStatsSchema } from '../contracts/pie';
import type { SplitPayout } from '../domain/money/escrow';
import type { AccountId } from '../domain/money/ledger';
import { pieReceiptKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { batchGetAll, isConditionFailure } from './table';

const receiptEntity = 'pie-receipt';
const receiptVersion = 1;

export interface StoredPieReceipt {
  pieId: string;
  fanId: string;
  outcome: 'split' | 'nothing_to_split';
  /** ISO 8601: when the split was computed (the product clock), after the period's end. */
  computedAt: string;
  netCents: number;
  platformFeeCents: number;
  allocatedCents: number;
  keptInWalletCents: number;
  /** The paid artists and their cents, most cents first (empty when nothing was split). */
  payouts: SplitPayout[];
  /**
   * The accounts the split debits and by how much, frozen with the cents (decision 031): the pie's own money, then
   * the credit it carried. Absent on receipts of before; those debit the fan's wallet account.
   */
  funding?: { accountId: AccountId; cents: number }[];
  /** The split in the reply shape of GET /api/pie/{pieId}/realtime-stats, as it was when computed. */
  stats: RealtimeStats;
}

const bodySchema = z.object({
  payouts: z.array(
    z.object({
      artistKey: z.string(),
      artistId: z.nullable(z.string()),
      artistName: z.string(),
      cents: z.number().check(z.int()),
    }),
  ),
  stats: realtimeStatsSchema,
});

const itemSchema = z.object({
  pieId: z.string(),
  fanId: z.string(),
  outcome: z.enum(['split', 'nothing_to_split']),
  computedAt: z.string(),
  netCents: z.number().check(z.int()),
  platformFeeCents: z.number().check(z.int()),
  allocatedCents: z.number().check(z.int()),
  keptInWalletCents: z.number().check(z.int()),
  funding: z.optional(z.array(z.object({ accountId: z.string(), cents: z.number().check(z.int()) }))),
  body: z.instanceof(Uint8Array),
});

function toReceipt(item: Record<string, NativeAttributeValue>): StoredPieReceipt {
  const { body, funding, ...facts } = readStored('pie receipt', itemSchema, item);
  const parsed = readStored('pie receipt', bodySchema, JSON.parse(gunzipSync(body).toString('utf8')));
  return {
    ...facts,
    ...(funding === undefined
      ? {}
      : { funding: funding.map((source) => ({ ...source, accountId: source.accountId as AccountId })) }),
    payouts: parsed.payouts,
    stats: parsed.stats,
  };
}

/** Access pattern `getPieReceipt`. */
export async function getPieReceipt(table: TableRef, pieId: string): Promise<StoredPieReceipt | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: pieReceiptKey(pieId), ConsistentRead: true }),
  );
  return Item ? toReceipt(Item) : null;
}

/** Every field of a receipt item, as the batch read projects them (each by a name: some are reserved words). */
const receiptFieldNames = Object.fromEntries(
  Object.keys(itemSchema.shape).map((field, index) => [`#r${index}`, field]),
);

/** Access pattern `getPieReceipts`: the receipts of many pies (reconciliation's pie check), those that exist, by pie. */
export async function getPieReceipts(
  table: TableRef,
  pieIds: readonly string[],
): Promise<Map<string, StoredPieReceipt>> {
  const items = await batchGetAll(
    table,
    [...new Set(pieIds)].map((pieId) => pieReceiptKey(pieId)),
    {
      projection: Object.keys(receiptFieldNames).join(', '),
      names: receiptFieldNames,
      consistent: true,
      parallel: 4,
    },
  );
  const receipts = new Map<string, StoredPieReceipt>();
  for (const item of items) {
    const receipt = toReceipt(item);
    receipts.set(receipt.pieId, receipt);
  }
  return receipts;
}

/**
 * Access pattern `putPieReceipt`: the first receipt of a pie wins. A second writer (a redelivered message, a
 * concurrent worker) gets the stored one back, so every later step works from one set of cents.
 */
export async function putPieReceipt(
  table: TableRef,
  receipt: StoredPieReceipt,
): Promise<{ outcome: 'created' | 'exists'; receipt: StoredPieReceipt }> {
  const { payouts, stats, ...facts } = receipt;
  const body = gzipSync(Buffer.from(JSON.stringify({ payouts, stats }), 'utf8'));
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...pieReceiptKey(receipt.pieId),
          entity: receiptEntity,
          v: receiptVersion,
          ...facts,
          body: new Uint8Array(body),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { outcome: 'created', receipt };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const stored = await getPieReceipt(table, receipt.pieId);
    if (!stored) throw error;
    return { outcome: 'exists', receipt: stored };
  }
}

/**
 * Access pattern `dropStalePieReceipt`: deletes a receipt computed at `computedAt` whose split could not be posted
 * (the money it counted on was taken meanwhile, decision 031), so the next attempt computes it again. Only that
 * receipt: one a later attempt froze stays. The caller makes sure its split transaction was never written.
 */
export async function dropStalePieReceipt(
  table: TableRef,
  pieId: string,
  computedAt: string,
): Promise<boolean> {
  try {
    await table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: pieReceiptKey(pieId),
        ConditionExpression: 'computedAt = :computedAt',
        ExpressionAttributeValues: { ':computedAt': computedAt },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
