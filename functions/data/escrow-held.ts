// What the escrow holds, for staff's escrow screen (docs/decisions/041-staff-escrow-and-wallet-transactions.md): every
// lot still held, read through the held lots' sparse, sharded index (gsi2 `ESCROW_HELD#0-7`, the one escrow aging
// reads) with only the fields the screen needs, and the lots due now (holding ended). Held lots only are in that
// index, so the read costs what is held, never the lots already released, returned or taken back. No Scan. Also what
// is held for one artist, in total, for the artist area's claim search (the held lots' by-artist index, gsi1).
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { dueIndexShards, dueUpTo, escrowArtistPartition, escrowDuePartition } from './keys';
import type { TableRef } from './table';
import { queryAll } from './table';

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
  const parsed = heldLotSchema.parse(item);
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
  const lots = items.map((item) => heldShareSchema.parse(item)).filter((lot) => lot.status === 'held');
  return {
    cents: lots.reduce((sum, lot) => sum + lot.cents, 0),
    fanCount: new Set(lots.map((lot) => lot.fanId)).size,
  };
}
