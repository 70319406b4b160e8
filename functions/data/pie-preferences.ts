// A fan's standing pie preferences: the artists they ban from every pie. One item per fan
// (`FAN#<fanId>` / `PIE_BANS`) with a map of bans by the split's artist key, so the preview and the split read every
// ban with one GetItem; the map is capped (`maximumPieBans`) so the item stays far below DynamoDB's 400 KB. Per-pie
// inclusions live on the pie item itself (data/pies.ts), since they belong to one pie and its renewal copies them.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { pieBansKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { isConditionFailure } from './table';

const pieBansEntity = 'pie-bans';
const pieBansVersion = 1;

/**
 * At most this many bans per fan. A ban is at most ~340 bytes (a key of up to 205 characters, the name cut to
 * `maximumBanNameLength`, the instant), so even 1,000 of the longest stay under DynamoDB's 400 KB item limit; typical
 * bans are ~70 bytes.
 */
export const maximumPieBans = 1_000;
const maximumBanNameLength = 100;

/** One ban: the name the fan saw when banning (for a list of bans), and when. */
export interface PieBan {
  artistName: string;
  /** ISO 8601 instant of the first ban; banning again keeps it. */
  at: string;
}

const pieBansSchema = z.object({
  bans: z.optional(z.record(z.string(), z.object({ artistName: z.string(), at: z.string() }))),
});

function toBans(item: Record<string, NativeAttributeValue> | undefined): Map<string, PieBan> {
  if (!item) return new Map();
  return new Map(Object.entries(readStored('pie bans', pieBansSchema, item).bans ?? {}));
}

/**
 * Access pattern `getPieBans`: the fan's bans by artist key. Consistent, so a preview right after a PATCH shows the
 * ban.
 */
export async function getPieBans(table: TableRef, fanId: string): Promise<Map<string, PieBan>> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: pieBansKey(fanId), ConsistentRead: true }),
  );
  return toBans(Item);
}

export type AddPieBanResult = 'banned' | 'limit_reached';

/** Retries of a ban that raced another write of the same fan's bans (two tabs): each retry sees the winner. */
const banAttempts = 3;

/**
 * Access pattern `addPieBan`: bans an artist for every pie of the fan. Idempotent (a second ban keeps the first's
 * instant); refused with `limit_reached` when the fan already has `maximumPieBans` other bans. The common case is one
 * conditional update; the first ban of a fan creates the item.
 */
export async function addPieBan(
  table: TableRef,
  fanId: string,
  artistKey: string,
  ban: PieBan,
): Promise<AddPieBanResult> {
  const key = pieBansKey(fanId);
  const stored: PieBan = { artistName: ban.artistName.slice(0, maximumBanNameLength), at: ban.at };
  for (let attempt = 0; attempt < banAttempts; attempt += 1) {
    try {
      await table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: key,
          UpdateExpression: 'SET bans.#artist = if_not_exists(bans.#artist, :ban)',
          ConditionExpression:
            'attribute_exists(bans) AND (size(bans) < :max OR attribute_exists(bans.#artist))',
          ExpressionAttributeNames: { '#artist': artistKey },
          ExpressionAttributeValues: { ':ban': stored, ':max': maximumPieBans },
        }),
      );
      return 'banned';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
    );
    if (Item) {
      const bans = toBans(Item);
      if (bans.has(artistKey)) return 'banned';
      if (bans.size >= maximumPieBans) return 'limit_reached';
      continue;
    }
    try {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: { ...key, entity: pieBansEntity, v: pieBansVersion, bans: { [artistKey]: stored } },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return 'banned';
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  throw new Error(`The bans of fan ${fanId} kept changing while banning ${artistKey}`);
}

/** Access pattern `removePieBan`: lifts a ban; lifting one that does not exist changes nothing. */
export async function removePieBan(table: TableRef, fanId: string, artistKey: string): Promise<void> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: pieBansKey(fanId),
        UpdateExpression: 'REMOVE bans.#artist',
        ConditionExpression: 'attribute_exists(bans)',
        ExpressionAttributeNames: { '#artist': artistKey },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
