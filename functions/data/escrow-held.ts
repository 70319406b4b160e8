// What the escrow holds, for staff's escrow screen (docs/decisions/041-staff-escrow-and-wallet-transactions.md): the
// held total of every artist (cents and lots, kept by every lot's write in data/escrow-lots.ts, eight small parts an
// artist), the lots held for one artist (gsi1), and the lots due now or all held lots, read through the held lots'
// sparse, sharded index (gsi2 `ESCROW_HELD#0-7`, the one escrow aging reads) with only the fields the screen needs.
// Held lots only are in those indexes, so a read costs what is held, never the lots already released, returned or
// taken back. The repair sets every artist's total to its held lots: the backfill of lots held before the totals, and
// the fix of a drift the reconciliation finds. No Scan. Also what is held for one artist, in total, for the artist
// area's claim search (the held lots' by-artist index, gsi1).
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  dueIndexShards,
  dueUpTo,
  escrowArtistPartition,
  escrowDuePartition,
  escrowHeldTotalKey,
  escrowHeldTotalPartition,
  escrowHeldTotalsBackfillKey,
  heldTotalShards,
} from './keys';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import { cancelledTransaction, forEachItem, queryAll, transact } from './table';

/** A held lot as the escrow screen reads it: whose, how much, from and until when. */
export interface HeldLotSummary {
  pieId: string;
  fanId: string;
  artistKey: string;
  artistId: string | null;
  artistName: string;
  cents: number;
  heldFrom: string;
  heldUntil: string;
}

const heldLotSchema = z.object({
  pieId: z.string(),
  fanId: z.string(),
  artistKey: z.string(),
  artistId: z.nullable(z.string()),
  artistName: z.string(),
  cents: z.number().check(z.int()),
  status: z.string(),
  heldFrom: z.string(),
  heldUntil: z.string(),
});

function toHeldLot(item: Record<string, NativeAttributeValue>): HeldLotSummary | null {
  const parsed = readStored('escrow lot', heldLotSchema, item);
  // The index is sparse (held lots only); a lot leaving `held` leaves it in the same write, so this only guards.
  if (parsed.status !== 'held') return null;
  return {
    pieId: parsed.pieId,
    fanId: parsed.fanId,
    artistKey: parsed.artistKey,
    artistId: parsed.artistId,
    artistName: parsed.artistName,
    cents: parsed.cents,
    heldFrom: parsed.heldFrom,
    heldUntil: parsed.heldUntil,
  };
}

/**
 * Access pattern `listHeldLots`: every lot still held, from each shard of the held index (eight Queries, read in
 * parallel), or only those whose holding ended at or before `dueBy` (what escrow aging would return now).
 */
export async function listHeldLots(
  table: TableRef,
  { dueBy }: { dueBy?: Date } = {},
): Promise<HeldLotSummary[]> {
  const shards = Array.from({ length: dueIndexShards }, (_, shard) => shard);
  const pages = await Promise.all(
    shards.map((shard) =>
      queryAll(table, {
        IndexName: 'gsi2',
        KeyConditionExpression: dueBy === undefined ? 'gsi2pk = :pk' : 'gsi2pk = :pk AND gsi2sk <= :upTo',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':pk': escrowDuePartition(shard),
          ...(dueBy === undefined ? {} : { ':upTo': dueUpTo(dueBy) }),
        },
        ProjectionExpression:
          'pieId, fanId, artistKey, artistId, artistName, cents, #status, heldFrom, heldUntil',
      }),
    ),
  );
  return pages.flat().flatMap((item) => {
    const lot = toHeldLot(item);
    return lot ? [lot] : [];
  });
}

const heldShareSchema = z.object({ cents: z.number().check(z.int()), fanId: z.string(), status: z.string() });

/**
 * Access pattern `sumHeldForArtist`: what fans' pies hold for one artist (split key, decision 021) until someone claims
 * them, in cents, and from how many fans: the by-artist index of held lots (gsi1 `ESCROW_ARTIST#<artistKey>`, sparse:
 * held lots only), reading only each lot's cents, fan and status.
 */
export async function sumHeldForArtist(
  table: TableRef,
  artistKey: string,
): Promise<{ cents: number; fanCount: number }> {
  const items = await queryAll(table, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': escrowArtistPartition(artistKey) },
    ProjectionExpression: 'cents, fanId, #status',
  });
  const lots = items
    .map((item) => readStored('escrow lot', heldShareSchema, item))
    .filter((lot) => lot.status === 'held');
  return {
    cents: lots.reduce((sum, lot) => sum + lot.cents, 0),
    fanCount: new Set(lots.map((lot) => lot.fanId)).size,
  };
}

/** One artist's held total: the sum of its parts (data/escrow-lots.ts adds to them with every lot's write). */
export interface HeldTotal {
  artistKey: string;
  artistId: string | null;
  artistName: string;
  heldCents: number;
  lots: number;
}

/** One part of one artist's held total, as stored. */
export interface HeldTotalPart {
  shard: number;
  artistKey: string;
  artistId: string | null;
  artistName: string | null;
  heldCents: number;
  lots: number;
}

const heldTotalPartSchema = z.object({
  artistKey: z.string(),
  artistId: z.optional(z.nullable(z.string())),
  artistName: z.optional(z.string()),
  heldCents: z._default(z.number().check(z.int()), 0),
  lots: z._default(z.number().check(z.int()), 0),
});

/** Access pattern `listHeldTotalParts`: every part of every artist's held total (eight consistent Queries). */
export async function listHeldTotalParts(table: TableRef): Promise<HeldTotalPart[]> {
  const shards = Array.from({ length: heldTotalShards }, (_, shard) => shard);
  const pages = await Promise.all(
    shards.map(async (shard) =>
      (
        await queryAll(table, {
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': escrowHeldTotalPartition(shard) },
          ConsistentRead: true,
        })
      ).map((item): HeldTotalPart => {
        const part = readStored('escrow held total', heldTotalPartSchema, item);
        return {
          shard,
          artistKey: part.artistKey,
          artistId: part.artistId ?? null,
          artistName: part.artistName ?? null,
          heldCents: part.heldCents,
          lots: part.lots,
        };
      }),
    ),
  );
  return pages.flat();
}

/** The name an artist key stands for when no part of its total names it: the normalised name, or the artist id. */
function nameOfKey(artistKey: string): string {
  return artistKey.replace(/^(id|name):/, '');
}

/** The parts summed per artist; an artist with nothing held (every part back at zero) is left out. */
export function sumHeldTotalParts(parts: readonly HeldTotalPart[]): HeldTotal[] {
  const byArtist = new Map<string, HeldTotal & { named: boolean }>();
  for (const part of parts) {
    const total = byArtist.get(part.artistKey) ?? {
      artistKey: part.artistKey,
      artistId: part.artistKey.startsWith('id:') ? part.artistKey.slice(3) : null,
      artistName: nameOfKey(part.artistKey),
      heldCents: 0,
      lots: 0,
      named: false,
    };
    total.heldCents += part.heldCents;
    total.lots += part.lots;
    if (part.artistName !== null && !total.named) {
      total.artistName = part.artistName;
      total.artistId = part.artistId;
      total.named = true;
    }
    byArtist.set(part.artistKey, total);
  }
  return [...byArtist.values()]
    .filter((total) => total.lots !== 0 || total.heldCents !== 0)
    .map(({ named: _named, ...total }) => total);
}

/**
 * Access pattern `listHeldTotals`: what is held per artist, cents and lots, read from the held totals (at most eight
 * small items an artist), never from the lots.
 */
export async function listHeldTotals(table: TableRef): Promise<HeldTotal[]> {
  return sumHeldTotalParts(await listHeldTotalParts(table));
}

/**
 * Access pattern `listHeldLotsOfArtist`: the lots held for one artist (gsi1, the index a claim releases them by),
 * only the fields the escrow screen needs: its fans, its oldest lot and first return, what is due.
 */
export async function listHeldLotsOfArtist(table: TableRef, artistKey: string): Promise<HeldLotSummary[]> {
  const items = await queryAll(table, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pk': escrowArtistPartition(artistKey) },
    ProjectionExpression:
      'pieId, fanId, artistKey, artistId, artistName, cents, #status, heldFrom, heldUntil',
  });
  return items.flatMap((item) => {
    const lot = toHeldLot(item);
    return lot ? [lot] : [];
  });
}

const repairAttempts = 5;

/** The parts of one artist's total, read consistently (a part not there is a zero). */
async function readParts(table: TableRef, artistKey: string): Promise<Map<number, HeldTotalPart>> {
  const parts = new Map<number, HeldTotalPart>();
  await Promise.all(
    Array.from({ length: heldTotalShards }, async (_, shard) => {
      const { Item } = await table.client.send(
        new GetCommand({
          TableName: table.name,
          Key: escrowHeldTotalKey(shard, artistKey),
          ConsistentRead: true,
        }),
      );
      if (!Item) return;
      const part = readStored('escrow held total', heldTotalPartSchema, Item);
      parts.set(shard, {
        shard,
        artistKey,
        artistId: part.artistId ?? null,
        artistName: part.artistName ?? null,
        heldCents: part.heldCents,
        lots: part.lots,
      });
    }),
  );
  return parts;
}

/**
 * Sets one artist's total to `held` by writing part 0 so that the parts add up to it, only while every part is as it
 * was read (a lot written meanwhile changes a part, so the repair is refused and tried again). Answers whether it
 * wrote, null when the parts kept changing.
 */
async function setTotal(
  table: TableRef,
  artistKey: string,
  parts: Map<number, HeldTotalPart>,
  held: { cents: number; lots: number; artistId: string | null; artistName: string | null },
): Promise<'written' | 'refused'> {
  const others = [...parts.values()].filter((part) => part.shard !== 0);
  const otherCents = others.reduce((sum, part) => sum + part.heldCents, 0);
  const otherLots = others.reduce((sum, part) => sum + part.lots, 0);
  const first = parts.get(0);
  const unchanged = (part: HeldTotalPart | undefined) =>
    part
      ? {
          ConditionExpression: 'heldCents = :cents AND lots = :lots',
          ExpressionAttributeValues: { ':cents': part.heldCents, ':lots': part.lots },
        }
      : { ConditionExpression: 'attribute_not_exists(pk)' };
  const firstCondition = unchanged(first);
  const names = held.artistName ?? first?.artistName ?? null;
  const operations = {
    firstPart: {
      Update: {
        TableName: table.name,
        Key: escrowHeldTotalKey(0, artistKey),
        UpdateExpression: `SET entity = :entity, v = :v, artistKey = :key, heldCents = :setCents, lots = :setLots${
          names === null ? '' : ', artistId = :artistId, artistName = :artistName'
        }`,
        ConditionExpression: firstCondition.ConditionExpression,
        ExpressionAttributeValues: {
          ...(firstCondition.ExpressionAttributeValues ?? {}),
          ':entity': 'escrow-held-total',
          ':v': 1,
          ':key': artistKey,
          ':setCents': held.cents - otherCents,
          ':setLots': held.lots - otherLots,
          ...(names === null
            ? {}
            : { ':artistId': held.artistId ?? first?.artistId ?? null, ':artistName': names }),
        },
      },
    },
    otherParts: Array.from({ length: heldTotalShards - 1 }, (_, index): TransactionItem => {
      const shard = index + 1;
      return {
        ConditionCheck: {
          TableName: table.name,
          Key: escrowHeldTotalKey(shard, artistKey),
          ...unchanged(parts.get(shard)),
        },
      };
    }),
  };
  try {
    await transact(table, operations);
    return 'written';
  } catch (error) {
    if (cancelledTransaction(error)) return 'refused';
    throw error;
  }
}

/** What a repair of the held totals did. */
export interface HeldTotalsRepair {
  /** Artists looked at: every artist with a held lot or a held total. */
  artists: number;
  /** Artists whose total did not equal their held lots, and was set to them. */
  repaired: number;
}

/**
 * Sets every artist's held total to its held lots where they differ: the backfill of totals for lots held before the
 * totals were written, and the repair of a drift the escrow reconciliation check found. It reads every held lot once,
 * then per artist that differs writes the difference into part 0, only while no part changed since it was read (a lot
 * written meanwhile is counted by its own write; the artist is then read again). Running it again changes nothing.
 */
export async function repairHeldTotals(table: TableRef): Promise<HeldTotalsRepair> {
  const partsBefore = await listHeldTotalParts(table);
  const lots = await listHeldLots(table);
  const byArtist = new Map<
    string,
    { cents: number; lots: number; artistId: string | null; artistName: string }
  >();
  for (const lot of lots) {
    const held = byArtist.get(lot.artistKey) ?? {
      cents: 0,
      lots: 0,
      artistId: lot.artistId,
      artistName: lot.artistName,
    };
    held.cents += lot.cents;
    held.lots += 1;
    byArtist.set(lot.artistKey, held);
  }
  const totals = new Map<string, { cents: number; lots: number }>();
  for (const part of partsBefore) {
    const total = totals.get(part.artistKey) ?? { cents: 0, lots: 0 };
    total.cents += part.heldCents;
    total.lots += part.lots;
    totals.set(part.artistKey, total);
  }
  const artistKeys = [...new Set([...byArtist.keys(), ...totals.keys()])].sort();
  let repaired = 0;
  await forEachItem(artistKeys, 8, async (artistKey) => {
    let held: { cents: number; lots: number; artistId: string | null; artistName: string | null } =
      byArtist.get(artistKey) ?? { cents: 0, lots: 0, artistId: null, artistName: null };
    const total = totals.get(artistKey) ?? { cents: 0, lots: 0 };
    if (total.cents === held.cents && total.lots === held.lots) return;
    for (let attempt = 0; attempt < repairAttempts; attempt += 1) {
      const parts = await readParts(table, artistKey);
      if (attempt > 0) {
        // Read again after a refusal: the lots as they are now, after the parts.
        const now = await listHeldLotsOfArtist(table, artistKey);
        held = {
          cents: now.reduce((sum, lot) => sum + lot.cents, 0),
          lots: now.length,
          artistId: now[0]?.artistId ?? held.artistId,
          artistName: now[0]?.artistName ?? held.artistName,
        };
      }
      const sum = [...parts.values()].reduce(
        (acc, part) => ({ cents: acc.cents + part.heldCents, lots: acc.lots + part.lots }),
        { cents: 0, lots: 0 },
      );
      if (sum.cents === held.cents && sum.lots === held.lots) return;
      if ((await setTotal(table, artistKey, parts, held)) === 'written') {
        repaired += 1;
        return;
      }
    }
    throw new Error(
      `The held total of ${artistKey} kept changing while it was repaired; run the repair again`,
    );
  });
  return { artists: artistKeys.length, repaired };
}

/** Access pattern `isHeldTotalsBackfilled`: whether the held totals were backfilled (consistent). */
export async function isHeldTotalsBackfilled(table: TableRef): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: escrowHeldTotalsBackfillKey, ConsistentRead: true }),
  );
  return Item !== undefined;
}

/** Access pattern `markHeldTotalsBackfilled`: the backfill finished (a later one changes nothing, so a second mark is harmless). */
export async function markHeldTotalsBackfilled(table: TableRef, at: Date): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...escrowHeldTotalsBackfillKey,
        entity: 'escrow-held-total-backfill',
        v: 1,
        at: at.toISOString(),
      },
    }),
  );
}
