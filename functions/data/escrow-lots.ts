// Escrow lots (docs/decisions/023-the-split-run-and-escrow.md): what a split credited to an artist
// nobody has claimed, held per pie and artist (`PIE#<pieId>` / `ESCROW_LOT#<artistKey>`). The money itself sits in
// the artist's earnings account on the ledger; a lot says whose it is and until when. While held, a lot is in two
// sparse indexes: by artist (gsi1, for the claim that releases it) and by the day its holding ends (gsi2,
// for the escrow-aging job). Returning or releasing it takes it out of both, in the same write as its ledger move.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { EscrowLot } from '../domain/money/escrow';
import { escrowLotStatuses } from '../domain/money/escrow';
import type { AccountId } from '../domain/money/ledger';
import {
  dueIndexShards,
  dueShardOf,
  dueUpTo,
  escrowArtistPartition,
  escrowDuePartition,
  escrowLotKey,
  escrowLotSortPrefix,
  escrowReleasedPartition,
} from './keys';
import type { TableRef, TransactionItem } from './table';
import { forEachItem, isConditionFailure, queryAll, queryPages } from './table';

const lotEntity = 'escrow-lot';
const lotVersion = 1;

const lotSchema = z.object({
  pieId: z.string(),
  fanId: z.string(),
  artistKey: z.string(),
  artistId: z.nullable(z.string()),
  artistName: z.string(),
  accountId: z.string(),
  cents: z.number().check(z.int()),
  status: z.enum(escrowLotStatuses),
  heldFrom: z.string(),
  heldUntil: z.string(),
  officeId: z.optional(z.string()),
  claimId: z.optional(z.string()),
  releasedAt: z.optional(z.string()),
  takenBackCents: z.optional(z.number().check(z.int())),
});

function toLot(item: Record<string, NativeAttributeValue>): EscrowLot {
  const { officeId, claimId, releasedAt, takenBackCents, ...parsed } = lotSchema.parse(item);
  return {
    ...parsed,
    accountId: parsed.accountId as AccountId,
    // Only a released lot names its office and claim (decision 028), so a held lot reads exactly as before.
    ...(officeId === undefined ? {} : { officeId }),
    ...(claimId === undefined ? {} : { claimId }),
    ...(releasedAt === undefined ? {} : { releasedAt }),
    ...(takenBackCents === undefined ? {} : { takenBackCents }),
  };
}

function heldIndexes(lot: EscrowLot) {
  const sortKey = `${lot.heldUntil}#${lot.pieId}#${lot.artistKey}`;
  return {
    gsi1pk: escrowArtistPartition(lot.artistKey),
    gsi1sk: sortKey,
    gsi2pk: escrowDuePartition(dueShardOf(`${lot.pieId}#${lot.artistKey}`)),
    gsi2sk: sortKey,
  };
}

/**
 * Access pattern `putEscrowLots`: each lot is put only where none exists, so a split resumed after a crash writes the
 * missing ones and never resets a lot already returned or released. Answers how many were new.
 */
export async function putEscrowLots(table: TableRef, lots: readonly EscrowLot[]): Promise<number> {
  let created = 0;
  await forEachItem(lots, 16, async (lot) => {
    try {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...escrowLotKey(lot.pieId, lot.artistKey),
            entity: lotEntity,
            v: lotVersion,
            ...lot,
            ...(lot.status === 'held' ? heldIndexes(lot) : {}),
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      created += 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  });
  return created;
}

/** Access pattern `listPieLots`: a pie's lots (its receipt). */
export async function listPieLots(table: TableRef, pieId: string): Promise<EscrowLot[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': escrowLotKey(pieId, '').pk, ':prefix': escrowLotSortPrefix },
    ConsistentRead: true,
  });
  return items.map(toLot);
}

/**
 * Access pattern `pagesOfLotsDue`: the lots still held whose holding ended at or before `now`, a page at a time, shard
 * by shard (no look-back window: a lot the job missed for any time is found on its next run).
 */
export async function* pagesOfLotsDue(
  table: TableRef,
  now: Date,
  pageSize = 100,
): AsyncGenerator<EscrowLot[]> {
  for (let shard = 0; shard < dueIndexShards; shard += 1) {
    for await (const page of queryPages(table, {
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :upTo',
      ExpressionAttributeValues: { ':pk': escrowDuePartition(shard), ':upTo': dueUpTo(now) },
      Limit: pageSize,
    })) {
      yield (page.Items ?? []).map(toLot);
    }
  }
}

/**
 * Access pattern `findHeldLotsOfArtist`: every lot held for one artist (split key, decision 021), oldest holding
 * first: what a verified claim releases to the artist's office (with `buildReleaseLotUpdate`).
 */
export async function findHeldLotsOfArtist(table: TableRef, artistKey: string): Promise<EscrowLot[]> {
  const items = await queryAll(table, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': escrowArtistPartition(artistKey) },
  });
  return items.map(toLot);
}

/** Access pattern `getEscrowLot`: one lot as it is now (consistent), or null: a release re-reads a refused batch. */
export async function getEscrowLot(
  table: TableRef,
  pieId: string,
  artistKey: string,
): Promise<EscrowLot | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: escrowLotKey(pieId, artistKey), ConsistentRead: true }),
  );
  return Item ? toLot(Item) : null;
}

function leaveHeld(
  table: TableRef,
  lot: Pick<EscrowLot, 'pieId' | 'artistKey'>,
  status: 'returned' | 'released' | 'taken-back',
  at: Date,
  extra: { set: string; values: Record<string, NativeAttributeValue> } = { set: '', values: {} },
): TransactionItem {
  return {
    Update: {
      TableName: table.name,
      Key: escrowLotKey(lot.pieId, lot.artistKey),
      UpdateExpression: `SET #status = :status, ${status === 'taken-back' ? 'takenBack' : status}At = :at${extra.set} REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :held',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':at': at.toISOString(),
        ':held': 'held',
        ...extra.values,
      },
    },
  };
}

/**
 * The lot's side of a return (escrow-aging): written `alongside` the ledger's escrow-return transaction, so the money
 * moves back exactly when the lot leaves `held`, and never for a lot a claim released first.
 */
export function buildReturnLotUpdate(
  table: TableRef,
  lot: Pick<EscrowLot, 'pieId' | 'artistKey'>,
  at: Date,
): TransactionItem {
  return leaveHeld(table, lot, 'returned', at);
}

/** The lot's side of a release to the office of the artist's verified claim, alongside its ledger move. */
export function buildReleaseLotUpdate(
  table: TableRef,
  lot: Pick<EscrowLot, 'pieId' | 'artistKey'>,
  officeId: string,
  at: Date,
  /** The successful claim that releases it (decision 028), kept on the lot beside `officeId` and `releasedAt`. */
  claimId?: string,
): TransactionItem {
  // gsi3 keeps a released lot findable by office and artist (give-back, decision 030); gsi1 only serves held lots.
  return leaveHeld(table, lot, 'released', at, {
    set: `, officeId = :office, gsi3pk = :releasedPk, gsi3sk = :releasedSk${claimId === undefined ? '' : ', claimId = :claim'}`,
    values: {
      ':office': officeId,
      ...(claimId === undefined ? {} : { ':claim': claimId }),
      ':releasedPk': escrowReleasedPartition(officeId, lot.artistKey),
      ':releasedSk': `${at.toISOString()}#${lot.pieId}`,
    },
  });
}

/**
 * The lot's side of a refund or lost dispute taking `cents` of it back (decision 031), alongside the ledger move: only
 * while it is held with the cents the plan saw. The lot keeps what is left held; taken whole, it leaves `held` (and
 * both indexes) as `taken-back`, so escrow aging never returns it and no claim releases it.
 */
export function buildTakeBackLotUpdate(
  table: TableRef,
  lot: Pick<EscrowLot, 'pieId' | 'artistKey'>,
  take: { cents: number; lotCentsBefore: number },
  at: Date,
): TransactionItem {
  if (take.cents === take.lotCentsBefore) {
    return withCentsCondition(
      leaveHeld(table, lot, 'taken-back', at, {
        set: ', cents = :zero, takenBackCents = if_not_exists(takenBackCents, :zero) + :taken',
        values: { ':zero': 0, ':taken': take.cents, ':before': take.lotCentsBefore },
      }),
    );
  }
  return {
    Update: {
      TableName: table.name,
      Key: escrowLotKey(lot.pieId, lot.artistKey),
      UpdateExpression:
        'SET cents = cents - :taken, takenBackCents = if_not_exists(takenBackCents, :zero) + :taken, takenBackAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND #status = :held AND cents = :before',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':taken': take.cents,
        ':zero': 0,
        ':at': at.toISOString(),
        ':held': 'held',
        ':before': take.lotCentsBefore,
      },
    },
  };
}

function withCentsCondition(item: TransactionItem): TransactionItem {
  if (!item.Update) return item;
  return {
    Update: {
      ...item.Update,
      ConditionExpression: `${item.Update.ConditionExpression ?? 'attribute_exists(pk)'} AND cents = :before`,
    },
  };
}

/**
 * The lot's side of money held for a name moving to the catalogue artist the name was resolved to (decision 036),
 * alongside its ledger move: the name's lot is deleted (only while held with the cents seen) and the same money is
 * held for the artist under `target.artistKey`, a new lot with its own held indexes, or, when the pie holds a lot of
 * that artist already, added to it (only while that one is held with the cents seen). Either way the holding ends
 * when it did: the fan's receipt keeps its date.
 */
export function buildMoveLotItems(
  table: TableRef,
  lot: EscrowLot,
  target: { artistKey: string; artistId: string; artistName: string; accountId: AccountId },
  existing: Pick<EscrowLot, 'status' | 'cents'> | null,
  at: Date,
): TransactionItem[] {
  const remove: TransactionItem = {
    Delete: {
      TableName: table.name,
      Key: escrowLotKey(lot.pieId, lot.artistKey),
      ConditionExpression: 'attribute_exists(pk) AND #status = :held AND cents = :before',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':held': 'held', ':before': lot.cents },
    },
  };
  if (existing) {
    if (existing.status !== 'held') throw new RangeError('Money moves only into a lot still held');
    return [
      remove,
      {
        Update: {
          TableName: table.name,
          Key: escrowLotKey(lot.pieId, target.artistKey),
          UpdateExpression:
            'SET cents = cents + :moved, movedFromNames = list_append(if_not_exists(movedFromNames, :none), :from), movedAt = :at',
          ConditionExpression: 'attribute_exists(pk) AND #status = :held AND cents = :before',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':moved': lot.cents,
            ':none': [],
            ':from': [lot.artistKey],
            ':at': at.toISOString(),
            ':held': 'held',
            ':before': existing.cents,
          },
        },
      },
    ];
  }
  const moved: EscrowLot = {
    ...lot,
    artistKey: target.artistKey,
    artistId: target.artistId,
    artistName: target.artistName,
    accountId: target.accountId,
  };
  return [
    remove,
    {
      Put: {
        TableName: table.name,
        Item: {
          ...escrowLotKey(moved.pieId, moved.artistKey),
          entity: lotEntity,
          v: lotVersion,
          ...moved,
          ...heldIndexes(moved),
          movedFromNames: [lot.artistKey],
          movedAt: at.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}
