// Give-back's items (docs/decisions/030-give-back-statements-and-artist-stats.md), in a partition
// of their own per office (`GIVE_BACKS#<officeId>`, so reading an office with its members never reads them):
// one record per request the screen sent (`GIVE_BACK#<requestId>`: the plan as computed, written BEFORE the ledger
// transaction, so a retry posts exactly that plan) and one running total per artist (`ARTIST_TOTAL#<artistId>`:
// what the office gave back for the artist, with a version the next give-back must match, so two give-backs at once
// cannot both spend the same balance). Also the read of who funded an artist in an office: released lots (gsi3).
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { escrowReleasedPartition } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { cancelledTransaction, indexPartitionQuery, queryAll, transact } from './table';

const recordEntity = 'give-back';
const totalEntity = 'give-back-total';
const version = 1;

function giveBacksPartition(officeId: string): string {
  return `GIVE_BACKS#${officeId}`;
}
function giveBackRecordKey(officeId: string, requestId: string) {
  return { pk: giveBacksPartition(officeId), sk: `GIVE_BACK#${requestId}` };
}
function giveBackTotalKey(officeId: string, artistId: string) {
  return { pk: giveBacksPartition(officeId), sk: `ARTIST_TOTAL#${artistId}` };
}

export const giveBackStatuses = ['pending', 'done', 'refused'] as const;
export type GiveBackStatus = (typeof giveBackStatuses)[number];

const shareSchema = z.object({ fanId: z.string(), cents: z.number().check(z.int()) });
const recordSchema = z.object({
  officeId: z.string(),
  requestId: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  amountCents: z.number().check(z.int()),
  shares: z.array(shareSchema),
  status: z.enum(giveBackStatuses),
  transactionId: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  doneAt: z.optional(z.nullable(z.string())),
});
export type GiveBackRecord = z.infer<typeof recordSchema>;

function toRecord(item: Record<string, NativeAttributeValue>): GiveBackRecord {
  return readStored('give-back', recordSchema, item);
}

const totalSchema = z.object({ givenBackCents: z.number(), version: z.number() });

/** A released lot as give-back and the artist's stats read it. */
export interface ReleasedLot {
  pieId: string;
  fanId: string;
  cents: number;
  /** When the fan's pie period ended (the lot's holding began): when the fan funded the artist. */
  heldFrom: string;
  releasedAt: string;
}

const releasedLotSchema = z.object({
  pieId: z.string(),
  fanId: z.string(),
  cents: z.number().check(z.int()),
  heldFrom: z.string(),
  releasedAt: z.string(),
});

/**
 * Access pattern `listReleasedLotsOfOfficeArtist` (gsi3 `ESCROW_RELEASED#<officeId>#<artistKey>`): every lot of the
 * artist released to the office, oldest release first.
 */
export async function listReleasedLotsOfOfficeArtist(
  table: TableRef,
  officeId: string,
  artistKey: string,
): Promise<ReleasedLot[]> {
  const items = await queryAll(
    table,
    indexPartitionQuery('gsi3', escrowReleasedPartition(officeId, artistKey)),
  );
  return items.map((item) => readStored('escrow lot', releasedLotSchema, item));
}

/** Access pattern `getGiveBack`: one request's record, or null. */
export async function getGiveBack(
  table: TableRef,
  officeId: string,
  requestId: string,
): Promise<GiveBackRecord | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: giveBackRecordKey(officeId, requestId),
      ConsistentRead: true,
    }),
  );
  return Item ? toRecord(Item) : null;
}

/**
 * Access pattern `listGiveBacks`: an office's give-backs (at most 1,000), newest first. Refused ones are left out:
 * nothing was given, and their transaction was never written.
 */
export async function listGiveBacks(table: TableRef, officeId: string): Promise<GiveBackRecord[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': giveBacksPartition(officeId), ':prefix': 'GIVE_BACK#' },
  });
  return items
    .slice(0, 1000)
    .map(toRecord)
    .filter((record) => record.status !== 'refused')
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.requestId.localeCompare(b.requestId));
}

/**
 * Access pattern `listGiveBacksOfArtist`: every give-back the office started for one artist, refused ones left out
 * (pending ones count: their money is spoken for), read consistently from the office's give-back partition. What
 * earlier give-backs returned to each fan is summed from their shares.
 */
export async function listGiveBacksOfArtist(
  table: TableRef,
  officeId: string,
  artistId: string,
): Promise<GiveBackRecord[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    FilterExpression: 'artistId = :artistId AND #status <> :refused',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pk': giveBacksPartition(officeId),
      ':prefix': 'GIVE_BACK#',
      ':artistId': artistId,
      ':refused': 'refused',
    },
    ConsistentRead: true,
  });
  return items.map(toRecord);
}

export interface GiveBackTotal {
  givenBackCents: number;
  version: number;
}

/** Access pattern `getGiveBackTotal`: what the office gave back for an artist so far (pending ones included). */
export async function getGiveBackTotal(
  table: TableRef,
  officeId: string,
  artistId: string,
): Promise<GiveBackTotal> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: giveBackTotalKey(officeId, artistId),
      ConsistentRead: true,
    }),
  );
  if (!Item) return { givenBackCents: 0, version: 0 };
  return readStored('give-back total', totalSchema, Item);
}

/**
 * Access pattern `startGiveBack`: the record (new only) and the artist's total raised by its amount, only where the
 * total is still at the version the plan was computed from. `record-exists`: the same request was started before
 * (a retry, or two at once); `total-changed`: another give-back for the artist came first.
 */
export async function startGiveBack(
  table: TableRef,
  record: Omit<GiveBackRecord, 'status' | 'doneAt'>,
  seenTotal: GiveBackTotal,
): Promise<'started' | 'record-exists' | 'total-changed'> {
  const item: Record<string, NativeAttributeValue> = {
    ...giveBackRecordKey(record.officeId, record.requestId),
    entity: recordEntity,
    v: version,
    ...record,
    shares: record.shares.map((share) => ({ ...share })),
    status: 'pending',
    doneAt: null,
  };
  try {
    await transact(table, {
      record: { Put: { TableName: table.name, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
      total: {
        Update: {
          TableName: table.name,
          Key: giveBackTotalKey(record.officeId, record.artistId),
          UpdateExpression:
            'SET entity = :entity, v = :v, givenBackCents = if_not_exists(givenBackCents, :zero) + :amount, version = :next',
          ConditionExpression: seenTotal.version === 0 ? 'attribute_not_exists(version)' : 'version = :seen',
          ExpressionAttributeValues: {
            ':entity': totalEntity,
            ':v': version,
            ':zero': 0,
            ':amount': record.amountCents,
            ':next': seenTotal.version + 1,
            ...(seenTotal.version === 0 ? {} : { ':seen': seenTotal.version }),
          },
        },
      },
    });
    return 'started';
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (cancelled?.failed('record')) return 'record-exists';
    if (cancelled?.failed('total')) return 'total-changed';
    throw error;
  }
}

/** Access pattern `finishGiveBack`: pending → done once the ledger holds it and the fans' mails are queued. */
export async function finishGiveBack(
  table: TableRef,
  officeId: string,
  requestId: string,
  at: Date,
): Promise<void> {
  try {
    await transact(table, {
      record: {
        Update: {
          TableName: table.name,
          Key: giveBackRecordKey(officeId, requestId),
          UpdateExpression: 'SET #status = :done, doneAt = :at',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':done': 'done', ':pending': 'pending', ':at': at.toISOString() },
        },
      },
    });
  } catch (error) {
    // Done already (a retry finished it first): nothing left to do.
    if (!cancelledTransaction(error)?.failed('record')) throw error;
  }
}

/**
 * Access pattern `refuseGiveBack`: a pending give-back the ledger refused (the payable shrank meanwhile) becomes
 * `refused` and gives its amount back to the artist's total, once.
 */
export async function refuseGiveBack(table: TableRef, record: GiveBackRecord, at: Date): Promise<void> {
  try {
    await transact(table, {
      record: {
        Update: {
          TableName: table.name,
          Key: giveBackRecordKey(record.officeId, record.requestId),
          UpdateExpression: 'SET #status = :refused, doneAt = :at',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':refused': 'refused',
            ':pending': 'pending',
            ':at': at.toISOString(),
          },
        },
      },
      total: {
        Update: {
          TableName: table.name,
          Key: giveBackTotalKey(record.officeId, record.artistId),
          UpdateExpression: 'SET givenBackCents = givenBackCents - :amount, version = version + :one',
          ExpressionAttributeValues: { ':amount': record.amountCents, ':one': 1 },
        },
      },
    });
  } catch (error) {
    // Settled already (a retry refused it first): nothing left to do.
    if (!cancelledTransaction(error)?.failed('record')) throw error;
  }
}
