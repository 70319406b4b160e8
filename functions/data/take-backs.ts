// What a refund or a dispute takes back from one pie, planned once (docs/decisions/031-money-by-origin.md): one item
// per refund or dispute in the pie's partition (`PIE#<pieId>` / `TAKE_BACK#<idempotency key>`), put only where none
// exists, so every delivery of the event, in any order and at once, moves the same cents from the same places. After
// its ledger transactions are written it also keeps what they actually took (a lot a claim released meanwhile becomes
// loss), which the pie's receipt, the wallet and the CSV show.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AccountId } from '../domain/money/ledger';
import type { TakeBackPlan } from '../domain/money/take-back';
import { takeBackKey, takeBackSortPrefix } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { isConditionFailure, queryAll, updateIfCondition } from './table';

const entity = 'take-back';
const version = 1;

export const takeBackKinds = ['refund', 'dispute'] as const;
export type TakeBackKind = (typeof takeBackKinds)[number];

/** What the ledger transactions of a take-back actually moved. */
export interface TakeBackOutcome {
  fromPieFundsCents: number;
  fromLotsCents: number;
  lossCents: number;
}

export interface StoredTakeBack {
  pieId: string;
  fanId: string;
  kind: TakeBackKind;
  /** The Stripe refund or dispute id. */
  sourceId: string;
  idempotencyKey: string;
  lossAccount: AccountId;
  plan: TakeBackPlan;
  /** When it was planned (the product clock). */
  at: string;
  /** Set once every part is written. */
  outcome: TakeBackOutcome | null;
  /** Set when a won dispute gave the money back (the reinstating transaction's key). */
  reinstatedBy: string | null;
}

const cents = z.number().check(z.int());
const itemSchema = z.object({
  pieId: z.string(),
  fanId: z.string(),
  kind: z.enum(takeBackKinds),
  sourceId: z.string(),
  idempotencyKey: z.string(),
  lossAccount: z.string(),
  plan: z.object({
    amountCents: cents,
    fromPieFundsCents: cents,
    fromLots: z.array(
      z.object({ artistKey: z.string(), accountId: z.string(), cents, lotCentsBefore: cents }),
    ),
    lossCents: cents,
  }),
  at: z.string(),
  outcome: z.optional(
    z.nullable(z.object({ fromPieFundsCents: cents, fromLotsCents: cents, lossCents: cents })),
  ),
  reinstatedBy: z.optional(z.nullable(z.string())),
});

function toTakeBack(item: Record<string, NativeAttributeValue>): StoredTakeBack {
  const parsed = readStored('take-back', itemSchema, item);
  return {
    ...parsed,
    lossAccount: parsed.lossAccount as AccountId,
    plan: {
      ...parsed.plan,
      fromLots: parsed.plan.fromLots.map((lot) => ({ ...lot, accountId: lot.accountId as AccountId })),
    },
    outcome: parsed.outcome ?? null,
    reinstatedBy: parsed.reinstatedBy ?? null,
  };
}

/** Access pattern `getTakeBack`: one take-back of a pie by its idempotency key (consistent). */
export async function getTakeBack(
  table: TableRef,
  pieId: string,
  idempotencyKey: string,
): Promise<StoredTakeBack | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: takeBackKey(pieId, idempotencyKey), ConsistentRead: true }),
  );
  return Item ? toTakeBack(Item) : null;
}

/** Access pattern `putTakeBack`: the first plan wins; a later writer gets the stored one back. */
export async function putTakeBack(table: TableRef, takeBack: StoredTakeBack): Promise<StoredTakeBack> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...takeBackKey(takeBack.pieId, takeBack.idempotencyKey), entity, v: version, ...takeBack },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return takeBack;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const stored = await getTakeBack(table, takeBack.pieId, takeBack.idempotencyKey);
    if (!stored) throw error;
    return stored;
  }
}

/**
 * Access pattern `replanTakeBack`: replaces a plan none of whose transactions was written (the pie's money changed
 * before the first could be), only if it is still the plan that was read.
 */
export async function replanTakeBack(
  table: TableRef,
  stale: Pick<StoredTakeBack, 'pieId' | 'idempotencyKey' | 'at'>,
  plan: TakeBackPlan,
  at: Date,
): Promise<boolean> {
  return updateIfCondition(table, {
    Key: takeBackKey(stale.pieId, stale.idempotencyKey),
    UpdateExpression: 'SET #plan = :plan, #at = :at',
    ConditionExpression: '#at = :staleAt AND attribute_not_exists(outcome)',
    ExpressionAttributeNames: { '#plan': 'plan', '#at': 'at' },
    ExpressionAttributeValues: { ':plan': plan, ':at': at.toISOString(), ':staleAt': stale.at },
  });
}

/** Access pattern `setTakeBackOutcome`: what its transactions moved, once all are written (the same every time). */
export async function setTakeBackOutcome(
  table: TableRef,
  takeBack: Pick<StoredTakeBack, 'pieId' | 'idempotencyKey'>,
  outcome: TakeBackOutcome,
): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: takeBackKey(takeBack.pieId, takeBack.idempotencyKey),
      UpdateExpression: 'SET outcome = :outcome',
      ExpressionAttributeValues: { ':outcome': outcome },
    }),
  );
}

/** Access pattern `setTakeBackReinstated`: a won dispute gave the money back. */
export async function setTakeBackReinstated(
  table: TableRef,
  takeBack: Pick<StoredTakeBack, 'pieId' | 'idempotencyKey'>,
  reinstatedBy: string,
): Promise<void> {
  await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: takeBackKey(takeBack.pieId, takeBack.idempotencyKey),
      UpdateExpression: 'SET reinstatedBy = :by',
      ExpressionAttributeValues: { ':by': reinstatedBy },
    }),
  );
}

/** Access pattern `listPieTakeBacks`: every refund and dispute of a pie, in key order (a handful at most). */
export async function listPieTakeBacks(table: TableRef, pieId: string): Promise<StoredTakeBack[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': takeBackKey(pieId, '').pk, ':prefix': takeBackSortPrefix },
    ConsistentRead: true,
  });
  return items.map(toTakeBack).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
