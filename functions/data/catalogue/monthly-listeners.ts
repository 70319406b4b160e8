// Fans listening to an artist this month, for the public artist page: one small marker per (artist, month, fan),
// written when a fan's day is recomputed and counted with a Query, so nobody writes a counter per play or request
// (docs/data-model.md, "The artist catalogue").
import * as z from 'zod/mini';
import { addUtcMonths, epochSecondsOfMonthStart, utcMonthOf } from '../../domain/calendar';
import { monthlyListenerKey, monthlyListenersPartition } from '../keys';
import { readStored } from '../stored-item';
import type { TableRef } from '../table';
import { batchGetAll, batchWriteAll, queryPages } from '../table';

/** A marker, as far as its existence is read back: its key. */
const storedMarkerKeySchema = z.object({ pk: z.string() });

/**
 * Access pattern `markMonthlyListeners`: notes that a fan listened to these artists in the month of `date`
 * (one small item per artist, month and fan; existing ones are read, not rewritten). Written when a day's totals are
 * recomputed, so the public page counts fans without a counter every play would write.
 */
export async function markMonthlyListeners(
  table: TableRef,
  fanId: string,
  date: string,
  artistIds: readonly string[],
): Promise<void> {
  const month = utcMonthOf(date);
  const keys = [...new Set(artistIds)].map((artistId) => monthlyListenerKey(artistId, month, fanId));
  if (keys.length === 0) return;
  const existing = new Set(
    (await batchGetAll(table, keys, { projection: 'pk' })).map(
      (item) => readStored('monthly listener', storedMarkerKeySchema, item).pk,
    ),
  );
  // Kept two months past the month's end, then TTL removes it.
  const expiresAt = epochSecondsOfMonthStart(addUtcMonths(month, 3));
  await batchWriteAll(
    table,
    keys
      .filter((key) => !existing.has(key.pk))
      .map((key) => ({
        PutRequest: { Item: { ...key, entity: 'monthly-listener', v: 1, fanId, month, expiresAt } },
      })),
  );
}

/** Access pattern `countMonthlyListeners`: how many OpenPie fans listened to an artist in a month (Query COUNT). */
export async function countMonthlyListeners(
  table: TableRef,
  artistId: string,
  month: string,
): Promise<number> {
  let count = 0;
  const pages = queryPages(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': monthlyListenersPartition(artistId, month) },
    Select: 'COUNT',
  });
  for await (const page of pages) count += page.Count ?? 0;
  return count;
}
