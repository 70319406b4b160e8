// The /try promo's pool of single-use codes (docs/data-model.md). Codes are numbered from 1 and handed out
// in order; one pool item per promo holds `added`, `claimed` and `remaining`. Only an add of codes and a claim write
// it, both rare (a claim is a person signing up for a free pie), so it is no hot counter, and the page reads the
// remaining count with one GetItem. A claim is one TransactWriteItems that takes the next code, moves the pool on,
// marks the fan's account, puts the Spotify account's guard and the fan's claim: all of it or nothing, and of two
// claimants of the same code the pool's condition lets exactly one through.
import { randomBytes } from 'node:crypto';
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import {
  accountKey,
  promoBatchChunkKey,
  promoClaimKey,
  promoCodeKey,
  promoPoolKey,
  promoSpotifyGuardKey,
} from './keys';
import { readStored } from './stored-item';
import type { NamedTransactionItems, TableRef, TransactionItem } from './table';
import { backOff, cancelledTransaction, putNewItem, transact } from './table';

const version = 1;
/** Codes per TransactWriteItems of an add: the batch marker and the pool update take two of the 100 items. */
const codesPerChunk = 98;
/** Claims and adds that lost a race for the pool item read it again and retry; claims are rare, so few races. */
const poolRetries = 10;

export interface PromoPool {
  added: number;
  claimed: number;
  remaining: number;
}

const poolSchema = z.object({
  added: z.number().check(z.int()),
  claimed: z.number().check(z.int()),
  remaining: z.number().check(z.int()),
});

/** Access pattern `getPromoPool`: the remaining count for the /try page and the claim's next code. */
export async function getPromoPool(
  table: TableRef,
  promo: string,
  { consistent = false }: { consistent?: boolean } = {},
): Promise<PromoPool> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: promoPoolKey(promo),
      ProjectionExpression: 'added, claimed, remaining',
      ConsistentRead: consistent,
    }),
  );
  return Item ? readStored('promo-code pool', poolSchema, Item) : { added: 0, claimed: 0, remaining: 0 };
}

/** A code as people would type it: the promo's name and 10 unambiguous characters. */
function generateCode(promo: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  const body = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
  return `${promo.toUpperCase()}-${body.slice(0, 5)}-${body.slice(5)}`;
}

export interface AddPromoCodesResult {
  /** Codes this run added. */
  added: number;
  /** Codes of this batch an earlier run had added already. */
  alreadyAdded: number;
  pool: PromoPool;
}

/**
 * Access pattern `addPromoCodes` (`npm run promo:add`, the local seed): `count` new codes, 98 per TransactWriteItems
 * with the pool's counts and a marker of the chunk, so each chunk is written whole or not at all, and the same
 * `batchId` run again (a seed that was interrupted) adds no chunk twice.
 */
export async function addPromoCodes(
  table: TableRef,
  promo: string,
  { batchId, count, at }: { batchId: string; count: number; at: Date },
): Promise<AddPromoCodesResult> {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`Add at least one code, not ${count}`);
  let added = 0;
  let alreadyAdded = 0;
  for (let chunk = 0; chunk * codesPerChunk < count; chunk += 1) {
    const size = Math.min(codesPerChunk, count - chunk * codesPerChunk);
    const outcome = await addChunk(table, promo, { batchId, chunk, size, at });
    if (outcome === 'written') added += size;
    else alreadyAdded += size;
  }
  return { added, alreadyAdded, pool: await getPromoPool(table, promo, { consistent: true }) };
}

async function addChunk(
  table: TableRef,
  promo: string,
  { batchId, chunk, size, at }: { batchId: string; chunk: number; size: number; at: Date },
): Promise<'written' | 'already'> {
  for (let attempt = 0; ; attempt += 1) {
    const pool = await getPromoPool(table, promo, { consistent: true });
    const first = pool.added + 1;
    const operations: NamedTransactionItems = {
      chunkMarker: putNewItem(table, {
        ...promoBatchChunkKey(promo, batchId, chunk),
        entity: 'promo-batch-chunk',
        v: version,
        firstSequence: first,
        size,
        at: at.toISOString(),
      }),
      pool: {
        Update: {
          TableName: table.name,
          Key: promoPoolKey(promo),
          UpdateExpression:
            'SET entity = :entity, v = :v, promo = :promo, added = :added, claimed = if_not_exists(claimed, :zero) ADD remaining :size',
          // Another add in between numbered its codes from the same `added`: this one reads the pool again.
          ConditionExpression:
            pool.added === 0 ? 'attribute_not_exists(added) OR added = :zero' : 'added = :seen',
          ExpressionAttributeValues: {
            ':entity': 'promo-pool',
            ':v': version,
            ':promo': promo,
            ':added': pool.added + size,
            ':zero': 0,
            ':size': size,
            ...(pool.added === 0 ? {} : { ':seen': pool.added }),
          },
        },
      },
      codes: Array.from({ length: size }, (_, index) =>
        putNewItem(table, {
          ...promoCodeKey(promo, first + index),
          entity: 'promo-code',
          v: version,
          promo,
          sequence: first + index,
          code: generateCode(promo),
          status: 'available',
          batchId,
          addedAt: at.toISOString(),
        }),
      ),
    };
    try {
      await transact(table, operations);
      return 'written';
    } catch (error) {
      const cancelled = cancelledTransaction(error);
      if (!cancelled) throw error;
      if (cancelled.failed('chunkMarker')) return 'already';
      if (attempt >= poolRetries) throw error;
      await backOff(attempt);
    }
  }
}

export interface PromoClaim {
  fanId: string;
  promo: string;
  sequence: number;
  code: string;
  spotifyAccountId: string;
  /** The pie the claim opens (deterministic per fan), so a retry after a crash opens that one. */
  pieId: string;
  settings: { artistLimit: number; artistPopularity: number; excludeNonActive: boolean };
  /**
   * Which plays the pie is split on: a promo pie is OpenPie's own money, so only plays the Spotify sync stored
   * (`source: 'spotify'`) count, never uploaded history; the split reads this.
   */
  playSources: ('spotify' | 'import')[];
  claimedAt: string;
}

const claimSchema = z.object({
  fanId: z.string(),
  promo: z.string(),
  sequence: z.number().check(z.int()),
  code: z.string(),
  spotifyAccountId: z.string(),
  pieId: z.string(),
  settings: z.object({
    artistLimit: z.number().check(z.int()),
    artistPopularity: z.number().check(z.int()),
    excludeNonActive: z.boolean(),
  }),
  playSources: z.array(z.enum(['spotify', 'import'])),
  claimedAt: z.string(),
});

function toClaim(item: Record<string, NativeAttributeValue>): PromoClaim {
  return readStored('promo-code claim', claimSchema, item);
}

/** Access pattern `getPromoClaim`: whether (and how) a fan used the promotion. */
export async function getPromoClaim(table: TableRef, fanId: string): Promise<PromoClaim | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: promoClaimKey(fanId), ConsistentRead: true }),
  );
  return Item ? toClaim(Item) : null;
}

export type ClaimPromoCodeResult =
  | { outcome: 'claimed'; claim: PromoClaim }
  /** No code is left. */
  | { outcome: 'unavailable' }
  /** The fan claimed before (or is not eligible: the account's condition covers both). */
  | { outcome: 'fan-used' }
  /** Another fan used the promotion with this Spotify account. */
  | { outcome: 'spotify-used' }
  /** A write that had to go with the claim (`alongside`: the fan's one-subscription holder) failed its condition. */
  | { outcome: 'alongside-refused' };

/**
 * Access pattern `claimPromoCode`: takes the next code for a fan, in one TransactWriteItems:
 * the pool (`claimed` moves on from what was read, `remaining > 0`), the code (still `available`), the fan's account
 * (`promoEligible`, `usedPromotionCode` not yet), the Spotify guard (new), the fan's claim (new) and what must be
 * written with it (`alongside`: the fan's one-subscription holder, decision 035). A claimant that lost the code to
 * another reads the pool again; one whose own conditions fail is told why.
 */
export async function claimPromoCode(
  table: TableRef,
  input: Omit<PromoClaim, 'sequence' | 'code'>,
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<ClaimPromoCodeResult> {
  for (let attempt = 0; ; attempt += 1) {
    const pool = await getPromoPool(table, input.promo, { consistent: true });
    if (pool.remaining <= 0) return { outcome: 'unavailable' };
    const sequence = pool.claimed + 1;
    const code = await getCodeValue(table, input.promo, sequence);
    const claim: PromoClaim = { ...input, sequence, code };
    const operations: NamedTransactionItems = {
      pool: {
        Update: {
          TableName: table.name,
          Key: promoPoolKey(input.promo),
          UpdateExpression: 'SET claimed = :next ADD remaining :minusOne',
          ConditionExpression: 'claimed = :seen AND remaining > :zero',
          ExpressionAttributeValues: {
            ':next': sequence,
            ':seen': pool.claimed,
            ':minusOne': -1,
            ':zero': 0,
          },
        },
      },
      code: {
        Update: {
          TableName: table.name,
          Key: promoCodeKey(input.promo, sequence),
          UpdateExpression: 'SET #status = :claimed, claimedBy = :fanId, claimedAt = :at',
          ConditionExpression: '#status = :available',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':claimed': 'claimed',
            ':available': 'available',
            ':fanId': input.fanId,
            ':at': input.claimedAt,
          },
        },
      },
      account: {
        Update: {
          TableName: table.name,
          Key: accountKey('fan', input.fanId),
          UpdateExpression: 'SET usedPromotionCode = :true, updatedAt = :at',
          ConditionExpression:
            'attribute_exists(pk) AND promoEligible = :true AND (attribute_not_exists(usedPromotionCode) OR usedPromotionCode = :false)',
          ExpressionAttributeValues: { ':true': true, ':false': false, ':at': input.claimedAt },
        },
      },
      spotifyGuard: putNewItem(table, {
        ...promoSpotifyGuardKey(input.spotifyAccountId),
        entity: 'promo-spotify-guard',
        v: version,
        fanId: input.fanId,
        promo: input.promo,
        at: input.claimedAt,
      }),
      claim: putNewItem(table, {
        ...promoClaimKey(input.fanId),
        entity: 'promo-claim',
        v: version,
        ...claim,
      }),
      alongside: options.alongside,
    };
    try {
      await transact(table, operations);
      return { outcome: 'claimed', claim };
    } catch (error) {
      const cancelled = cancelledTransaction(error);
      if (!cancelled) throw error;
      // The fan's own conditions are final; losing the code to another claimant is not.
      if (cancelled.failed('account') || cancelled.failed('claim')) return { outcome: 'fan-used' };
      if (cancelled.failed('spotifyGuard')) return { outcome: 'spotify-used' };
      if (cancelled.failed('alongside')) return { outcome: 'alongside-refused' };
      if (attempt >= poolRetries) throw error;
      await backOff(attempt);
    }
  }
}

async function getCodeValue(table: TableRef, promo: string, sequence: number): Promise<string> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: promoCodeKey(promo, sequence),
      ProjectionExpression: 'code',
      ConsistentRead: true,
    }),
  );
  const code = Item?.['code'];
  // The pool counts only codes written with it, so a numbered code below `added` exists.
  if (typeof code !== 'string') throw new Error(`Promo code ${promo} #${sequence} is missing`);
  return code;
}
