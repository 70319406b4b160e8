// The listening sync's own state: which fans have a Spotify connection to sync (an index on the connection item,
// so the job finds them without Scan), the fan's sealed Spotify tokens and whether Spotify still accepts them, and
// the per-fan cursor of recently-played with the time of the last successful sync.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { LatestFetchedDate } from '../contracts/spotify-sync';
import { connectionKey, fanPartition, spotifySyncShardPartition, spotifySyncStateKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { isConditionFailure, queryPagesOfEach } from './table';

/** Partitions of the sync index: the job reads them side by side, and no partition grows with every fan. */
export const spotifySyncShardCount = 10;

function shardOf(fanId: string): number {
  let hash = 0;
  for (const char of fanId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % spotifySyncShardCount;
}

/**
 * The gsi2 attributes a Spotify connection item carries while it can be synced (written with the connection by
 * social sign-in; they go when the connection is deleted or marked broken).
 */
export function spotifySyncIndexAttributes(fanId: string): { gsi2pk: string; gsi2sk: string } {
  return { gsi2pk: spotifySyncShardPartition(shardOf(fanId)), gsi2sk: fanPartition(fanId) };
}

/** A syncable connection as the sync index is read: whose it is. */
const storedSyncableFanSchema = z.object({ userId: z.string() });

/**
 * A fan's Spotify connection item, as far as the sync reads it: the sealed tokens (absent on connections made before
 * they were kept) and the mark Spotify's refusal left (absent while the grant holds).
 */
const storedSpotifyConnectionSchema = z.object({
  providerUserId: z.string(),
  spotifyTokens: z.optional(z.string()),
  accessTokenExpiresAt: z.optional(z.string()),
  syncStatus: z.optional(z.literal('broken')),
  brokenAt: z.optional(z.string()),
});

/** The fan's sync state item: the cursor once a play was stored, the last sync time (null when none was kept). */
const storedSyncStateSchema = z.object({
  providerUserId: z.string(),
  cursorAfter: z.optional(z.number()),
  latestFetchedDate: z.optional(z.nullable(z.string())),
});

/**
 * Access pattern `pagesOfSyncableFans`: the fans whose Spotify connection can be synced, a page of ids at a time,
 * shard by shard, every shard's first page asked for at once (`queryPagesOfEach`).
 */
export async function* pagesOfSyncableFans(table: TableRef, pageSize = 100): AsyncGenerator<string[]> {
  const shards = Array.from({ length: spotifySyncShardCount }, (_, shard) => ({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :shard',
    ExpressionAttributeValues: { ':shard': spotifySyncShardPartition(shard) },
    ProjectionExpression: 'userId',
    Limit: pageSize,
  }));
  for await (const page of queryPagesOfEach(table, shards)) {
    yield (page.Items ?? []).map(
      (item) => readStored('spotify connection', storedSyncableFanSchema, item).userId,
    );
  }
}

export interface SpotifyConnectionForSync {
  providerUserId: string;
  /** `spotifyTokens`: the token cipher's sealed JSON `{ accessToken, refreshToken? }`. */
  sealedTokens: string | null;
  /** When the sealed access token stops working, as Spotify said when it was issued; null when not known. */
  accessTokenExpiresAt: string | null;
  /** 'broken' once Spotify refused the grant; a new sign-in with Spotify rewrites the item and clears it. */
  status: 'ok' | 'broken';
  brokenAt: string | null;
}

/** Access pattern `getSpotifyConnectionForSync`: the fan's Spotify connection item, or null when not connected. */
export async function getSpotifyConnectionForSync(
  { client, name }: TableRef,
  fanId: string,
): Promise<SpotifyConnectionForSync | null> {
  const { Item } = await client.send(
    new GetCommand({ TableName: name, Key: connectionKey('fan', fanId, 'spotify'), ConsistentRead: true }),
  );
  if (!Item) return null;
  const stored = readStored('spotify connection', storedSpotifyConnectionSchema, Item);
  return {
    providerUserId: stored.providerUserId,
    sealedTokens: stored.spotifyTokens ?? null,
    accessTokenExpiresAt: stored.accessTokenExpiresAt ?? null,
    status: stored.syncStatus ?? 'ok',
    brokenAt: stored.brokenAt ?? null,
  };
}

/**
 * Access pattern `saveRefreshedSpotifyTokens`: the refreshed tokens, sealed, on the same connection (only while it
 * is still the same Spotify account: a reconnection in the meantime wins). False when the connection changed.
 */
export async function saveRefreshedSpotifyTokens(
  { client, name }: TableRef,
  fanId: string,
  update: { providerUserId: string; sealedTokens: string; accessTokenExpiresAt: string | null; now: Date },
): Promise<boolean> {
  try {
    await client.send(
      new UpdateCommand({
        TableName: name,
        Key: connectionKey('fan', fanId, 'spotify'),
        UpdateExpression: update.accessTokenExpiresAt
          ? 'SET spotifyTokens = :tokens, tokensUpdatedAt = :now, accessTokenExpiresAt = :expires'
          : 'SET spotifyTokens = :tokens, tokensUpdatedAt = :now REMOVE accessTokenExpiresAt',
        ConditionExpression: 'providerUserId = :account',
        ExpressionAttributeValues: {
          ':tokens': update.sealedTokens,
          ':now': update.now.toISOString(),
          ':account': update.providerUserId,
          ...(update.accessTokenExpiresAt ? { ':expires': update.accessTokenExpiresAt } : {}),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Access pattern `markSpotifyConnectionBroken`: Spotify refused the grant. The connection stays (the fan sees it is
 * broken and reconnects) but leaves the sync index, so the job stops trying until a new sign-in rewrites it.
 */
export async function markSpotifyConnectionBroken(
  { client, name }: TableRef,
  fanId: string,
  providerUserId: string,
  now: Date,
): Promise<void> {
  try {
    await client.send(
      new UpdateCommand({
        TableName: name,
        Key: connectionKey('fan', fanId, 'spotify'),
        UpdateExpression: 'SET syncStatus = :broken, brokenAt = :now REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'providerUserId = :account',
        ExpressionAttributeValues: {
          ':broken': 'broken',
          ':now': now.toISOString(),
          ':account': providerUserId,
        },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export interface SpotifySyncState {
  /** The Spotify account the cursor belongs to: another account starts from no cursor. */
  providerUserId: string;
  /** recently-played's `after` cursor: ms since epoch of the newest play already stored. */
  cursorAfter: number | null;
  /** ISO time of the last successful sync. */
  latestFetchedDate: string | null;
}

/** Access pattern `getSpotifySyncState`: the fan's recently-played cursor and last sync time, or null. */
export async function getSpotifySyncState(
  { client, name }: TableRef,
  fanId: string,
): Promise<SpotifySyncState | null> {
  const { Item } = await client.send(
    new GetCommand({ TableName: name, Key: spotifySyncStateKey(fanId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const stored = readStored('spotify sync state', storedSyncStateSchema, Item);
  return {
    providerUserId: stored.providerUserId,
    cursorAfter: stored.cursorAfter ?? null,
    latestFetchedDate: stored.latestFetchedDate ?? null,
  };
}

/**
 * Access pattern `saveSpotifySyncState`: after a sync, the cursor (never moved backwards for the same account)
 * and the sync time.
 */
export async function saveSpotifySyncState(
  { client, name }: TableRef,
  fanId: string,
  state: SpotifySyncState,
): Promise<void> {
  await client.send(
    new UpdateCommand({
      TableName: name,
      Key: spotifySyncStateKey(fanId),
      UpdateExpression:
        'SET entity = :entity, v = :v, providerUserId = :account, latestFetchedDate = :fetched' +
        (state.cursorAfter === null ? '' : ', cursorAfter = :cursor'),
      ExpressionAttributeValues: {
        ':entity': 'spotify-sync',
        ':v': 1,
        ':account': state.providerUserId,
        ':fetched': state.latestFetchedDate,
        ...(state.cursorAfter === null ? {} : { ':cursor': state.cursorAfter }),
      },
    }),
  );
}
/** `GET /tracks/user/latestFetchedDate`: the last sync time and how the connection stands. */
export async function readLatestFetchedDate(table: TableRef, fanId: string): Promise<LatestFetchedDate> {
  const [connection, state] = await Promise.all([
    getSpotifyConnectionForSync(table, fanId),
    getSpotifySyncState(table, fanId),
  ]);
  return {
    latestFetchedDate: state?.latestFetchedDate ?? null,
    connection: !connection ? 'not_connected' : connection.status,
  };
}
