// Escrow lots (docs/decisions/023-the-split-run-and-escrow.md): what a split credited to an artist
// nobody has claimed, held per pie and artist (`PIE#<pieId>` / `ESCROW_LOT#<artistKey>`). The money itself sits in
// the artist's earnings account on the ledger; a lot says whose it is and until when. While held, a lot is in two
// sparse indexes: by artist (gsi1, for the claim that releases it) and by the day its holding ends (gsi2,
// for the escrow-aging job). Returning or releasing it takes it out of both, in the same write as its ledger move.
// Every write that puts, releases, returns, takes back or moves held money also adds what it changes to the artist's
// held total (cents and lots, decision 041) in the same TransactWriteItems, so the totals are the held lots' sums.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { EscrowLot } from '../domain/money/escrow';
import { escrowLotStatuses } from '../domain/money/escrow';
import type { AccountId } from '../domain/money/ledger';
import {
  dueShardOf,
  escrowArtistPartition,
  escrowDuePartition,
  escrowHeldTotalKey,
  escrowLotKey,
  escrowLotSortPrefix,
  escrowReleasedPartition,
  heldTotalShards,
} from './keys';
import { readStored } from './stored-item';
import type { NamedTransactionItems, TableRef, TransactionItem } from './table';
import {
  backOff,
  cancelledTransaction,
  dueIndexQueries,
  forEachItem,
  queryAll,
  queryPagesOfEach,
  transact,
} from './table';

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
  const { officeId, claimId, releasedAt, takenBackCents, ...parsed } = readStored(
    'escrow lot',
    lotSchema,
    item,
  );
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

const heldTotalEntity = 'escrow-held-total';
const heldTotalVersion = 1;

/** What one write changes in one artist's held total: signed cents and lots, and the artist's names when it adds a lot. */
export interface HeldTotalChange {
  artistKey: string;
  /** The key of the lot written (`<pieId>#<artistKey>`): the first change of an artist in a write picks its item. */
  lotKey: string;
  cents: number;
  lots: number;
  names?: { artistId: string | null; artistName: string };
}

/** The held-total item a write of this lot adds to: stable, from the lot's key, spread evenly. */
export function heldTotalShardOf(lotKey: string): number {
  return dueShardOf(lotKey) % heldTotalShards;
}

/**
 * The held-total updates of one write: one item per artist (a TransactWriteItems may touch an item once), in the shard
 * of the artist's first lot in the write, its cents and lots added (ADD: two writes at once both count). An artist whose
 * changes cancel out is left alone.
 */
export function buildHeldTotalItems(table: TableRef, changes: readonly HeldTotalChange[]): TransactionItem[] {
  const byArtist = new Map<string, HeldTotalChange>();
  for (const change of changes) {
    const seen = byArtist.get(change.artistKey);
    if (!seen) {
      byArtist.set(change.artistKey, { ...change });
      continue;
    }
    seen.cents += change.cents;
    seen.lots += change.lots;
    if (change.names) seen.names = change.names;
  }
  return [...byArtist.values()]
    .filter((change) => change.cents !== 0 || change.lots !== 0 || change.names !== undefined)
    .map((change) => ({
      Update: {
        TableName: table.name,
        Key: escrowHeldTotalKey(heldTotalShardOf(change.lotKey), change.artistKey),
        UpdateExpression: `ADD heldCents :cents, lots :lots SET entity = :entity, v = :v, artistKey = :key${
          change.names ? ', artistId = :artistId, artistName = :artistName' : ''
        }`,
        ExpressionAttributeValues: {
          ':cents': change.cents,
          ':lots': change.lots,
          ':entity': heldTotalEntity,
          ':v': heldTotalVersion,
          ':key': change.artistKey,
          ...(change.names
            ? { ':artistId': change.names.artistId, ':artistName': change.names.artistName }
            : {}),
        },
      },
    }));
}

const lotKeyOf = (lot: Pick<EscrowLot, 'pieId' | 'artistKey'>) => `${lot.pieId}#${lot.artistKey}`;

/** Two writers on one held total make DynamoDB cancel one with TransactionConflict: it is retried, not reported. */
const conflictRetries = 8;

/**
 * Lots one TransactWriteItems puts: a lot and its artist's held total are two items, and a call takes 100. Every lot of
 * a pie is of another artist, so a write of 50 touches 100 items.
 */
export const lotsPerWrite = 50;

/** Writes of one pie's lots at once. */
const lotWritesAtOnce = 4;

function lotPut(table: TableRef, lot: EscrowLot): TransactionItem {
  return {
    Put: {
      TableName: table.name,
      Item: {
        ...escrowLotKey(lot.pieId, lot.artistKey),
        entity: lotEntity,
        v: lotVersion,
        ...lot,
        ...(lot.status === 'held' ? heldIndexes(lot) : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * Up to `lotsPerWrite` lots in one TransactWriteItems with their artists' held totals. A lot that exists already (a
 * resumed split, a second writer) fails its condition and cancels the write: it is left out and the rest written again,
 * until what is left is written or nothing is left. Answers how many were new.
 */
async function putLotsOnce(table: TableRef, lots: readonly EscrowLot[]): Promise<number> {
  let pending = [...lots];
  for (let attempt = 0; pending.length > 0;) {
    const operations: Record<string, NamedTransactionItems[string]> = {};
    pending.forEach((lot, index) => {
      operations[`lot ${index}`] = lotPut(table, lot);
    });
    operations['heldTotal'] = buildHeldTotalItems(
      table,
      pending
        .filter((lot) => lot.status === 'held')
        .map((lot) => ({
          artistKey: lot.artistKey,
          lotKey: lotKeyOf(lot),
          cents: lot.cents,
          lots: 1,
          names: { artistId: lot.artistId, artistName: lot.artistName },
        })),
    );
    try {
      await transact(table, operations);
      return pending.length;
    } catch (error) {
      const cancelled = cancelledTransaction(error);
      if (!cancelled) throw error;
      const existing = new Set(cancelled.conditionsFailed.filter((name) => name.startsWith('lot ')));
      if (existing.size > 0) {
        pending = pending.filter((_, index) => !existing.has(`lot ${index}`));
        continue;
      }
      if (cancelled.conflicted && attempt < conflictRetries) {
        await backOff(attempt);
        attempt += 1;
        continue;
      }
      throw error;
    }
  }
  return 0;
}

/**
 * Access pattern `putEscrowLots`: each lot is put only where none exists, in the TransactWriteItems that adds it to its
 * artist's held total, up to `lotsPerWrite` lots a write; so a split resumed after a crash writes the missing ones
 * (and counts them once) and never resets a lot already returned or released. Answers how many were new.
 */
export async function putEscrowLots(table: TableRef, lots: readonly EscrowLot[]): Promise<number> {
  const writes: EscrowLot[][] = [];
  for (let first = 0; first < lots.length; first += lotsPerWrite)
    writes.push(lots.slice(first, first + lotsPerWrite));
  let created = 0;
  await forEachItem(writes, lotWritesAtOnce, async (write) => {
    const written = await putLotsOnce(table, write);
    created += written;
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
 * by shard, every shard's first page asked for at once (no look-back window: a lot the job missed for any time is
 * found on its next run).
 */
export async function* pagesOfLotsDue(
  table: TableRef,
  now: Date,
  pageSize = 100,
): AsyncGenerator<EscrowLot[]> {
  for await (const page of queryPagesOfEach(table, dueIndexQueries(escrowDuePartition, now, pageSize)))
    yield (page.Items ?? []).map(toLot);
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

type HeldLotRef = Pick<EscrowLot, 'pieId' | 'artistKey' | 'cents'>;

/** The lot's update out of `held`: only while it is held with the cents its ledger move and held total count. */
function leaveHeld(
  table: TableRef,
  lot: HeldLotRef,
  status: 'returned' | 'released' | 'taken-back',
  at: Date,
  extra: { set: string; values: Record<string, NativeAttributeValue> } = { set: '', values: {} },
): TransactionItem {
  return {
    Update: {
      TableName: table.name,
      Key: escrowLotKey(lot.pieId, lot.artistKey),
      UpdateExpression: `SET #status = :status, ${status === 'taken-back' ? 'takenBack' : status}At = :at${extra.set} REMOVE gsi1pk, gsi1sk, gsi2pk, gsi2sk`,
      ConditionExpression: 'attribute_exists(pk) AND #status = :held AND cents = :before',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':status': status,
        ':at': at.toISOString(),
        ':held': 'held',
        ':before': lot.cents,
        ...extra.values,
      },
    },
  };
}

const leaving = (lot: HeldLotRef): HeldTotalChange => ({
  artistKey: lot.artistKey,
  lotKey: lotKeyOf(lot),
  cents: -lot.cents,
  lots: -1,
});

/**
 * The lot's side of a return (escrow-aging), with its artist's held total: written `alongside` the ledger's
 * escrow-return transaction, so the money moves back exactly when the lot leaves `held`, and never for a lot a claim
 * released first, or one a take-back changed since it was read.
 */
export function buildReturnLotItems(table: TableRef, lot: HeldLotRef, at: Date): TransactionItem[] {
  return [leaveHeld(table, lot, 'returned', at), ...buildHeldTotalItems(table, [leaving(lot)])];
}

/**
 * The lots' side of a release to the office of the artist's verified claim, alongside its ledger move: each lot only
 * while held with the cents read, and their artists' held totals.
 */
export function buildReleaseLotItems(
  table: TableRef,
  lots: readonly HeldLotRef[],
  officeId: string,
  at: Date,
  /** The successful claim that releases them (decision 028), kept on each lot beside `officeId` and `releasedAt`. */
  claimId?: string,
): TransactionItem[] {
  // gsi3 keeps a released lot findable by office and artist (give-back, decision 030); gsi1 only serves held lots.
  const updates = lots.map((lot) =>
    leaveHeld(table, lot, 'released', at, {
      set: `, officeId = :office, gsi3pk = :releasedPk, gsi3sk = :releasedSk${claimId === undefined ? '' : ', claimId = :claim'}`,
      values: {
        ':office': officeId,
        ...(claimId === undefined ? {} : { ':claim': claimId }),
        ':releasedPk': escrowReleasedPartition(officeId, lot.artistKey),
        ':releasedSk': `${at.toISOString()}#${lot.pieId}`,
      },
    }),
  );
  return [...updates, ...buildHeldTotalItems(table, lots.map(leaving))];
}

/** What a refund or lost dispute takes from one held lot of a pie: `cents` of the `lotCentsBefore` it held. */
export interface LotTake {
  pieId: string;
  artistKey: string;
  cents: number;
  lotCentsBefore: number;
}

/**
 * The lots' side of a refund or lost dispute taking cents of them back (decision 031), alongside the ledger move: each
 * only while it is held with the cents the plan saw. A lot keeps what is left held; taken whole, it leaves `held` (and
 * both indexes) as `taken-back`, so escrow aging never returns it and no claim releases it. The artists' held totals
 * lose the cents taken, and a lot each lot taken whole.
 */
export function buildTakeBackLotItems(
  table: TableRef,
  takes: readonly LotTake[],
  at: Date,
): TransactionItem[] {
  const updates = takes.map((take): TransactionItem => {
    const lot = { pieId: take.pieId, artistKey: take.artistKey, cents: take.lotCentsBefore };
    if (take.cents === take.lotCentsBefore) {
      return leaveHeld(table, lot, 'taken-back', at, {
        set: ', cents = :zero, takenBackCents = if_not_exists(takenBackCents, :zero) + :taken',
        values: { ':zero': 0, ':taken': take.cents },
      });
    }
    return {
      Update: {
        TableName: table.name,
        Key: escrowLotKey(take.pieId, take.artistKey),
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
  });
  return [
    ...updates,
    ...buildHeldTotalItems(
      table,
      takes.map((take) => ({
        artistKey: take.artistKey,
        lotKey: lotKeyOf(take),
        cents: -take.cents,
        lots: take.cents === take.lotCentsBefore ? -1 : 0,
      })),
    ),
  ];
}

/** One lot held for a name, moving to the artist, and the pie's lot of that artist already there (or null). */
export interface LotMove {
  lot: EscrowLot;
  existing: Pick<EscrowLot, 'status' | 'cents'> | null;
}

/**
 * The lots' side of money held for a name moving to the catalogue artist the name was resolved to (decision 036),
 * alongside its ledger move: each name's lot is deleted (only while held with the cents seen) and the same money is
 * held for the artist under `target.artistKey`, a new lot with its own held indexes, or, when the pie holds a lot of
 * that artist already, added to it (only while that one is held with the cents seen). Either way the holding ends
 * when it did: the fan's receipt keeps its date. The name's held total loses what the artist's gains.
 */
export function buildMoveLotItems(
  table: TableRef,
  moves: readonly LotMove[],
  target: { artistKey: string; artistId: string; artistName: string; accountId: AccountId },
  at: Date,
): TransactionItem[] {
  const changes: HeldTotalChange[] = [];
  const items = moves.flatMap(({ lot, existing }): TransactionItem[] => {
    const remove: TransactionItem = {
      Delete: {
        TableName: table.name,
        Key: escrowLotKey(lot.pieId, lot.artistKey),
        ConditionExpression: 'attribute_exists(pk) AND #status = :held AND cents = :before',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':held': 'held', ':before': lot.cents },
      },
    };
    changes.push(leaving(lot), {
      artistKey: target.artistKey,
      lotKey: `${lot.pieId}#${target.artistKey}`,
      cents: lot.cents,
      lots: existing ? 0 : 1,
      names: { artistId: target.artistId, artistName: target.artistName },
    });
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
  });
  return [...items, ...buildHeldTotalItems(table, changes)];
}
