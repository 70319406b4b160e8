// Artists heard only by name (docs/decisions/036-name-only-artists.md): the names an import met that the catalogue
// could not match, one item per normalised name (`NAME_ONLY_ARTIST#<name>`). Money a split gave such a name is held
// under `name:<name>`; the item says whether the name still waits for its catalogue artist, is ambiguous (several
// catalogue artists share it: staff choose), or was resolved to one artist, whose earnings the held money then joins.
// The item is in gsi1 by status, so staff read the names waiting for them. A name not resolved whose item notes cents
// held is in gsi2 too (`NAME_ONLY_HELD`, sparse): the escrow job finds the names with money from the held lots, and
// through this index the names it noted as holding money that hold none any more, never by paging every name.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { nameOnlyArtistKey, nameOnlyArtistsPartition, nameOnlyHeldPartition } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { batchGetAll, forEachItem, isConditionFailure, queryPages, updateIfCondition } from './table';

const entity = 'name-only-artist';
const version = 1;

export const nameOnlyArtistStatuses = ['waiting', 'ambiguous', 'resolved'] as const;
export type NameOnlyArtistStatus = (typeof nameOnlyArtistStatuses)[number];

/**
 * How a name was resolved: by Spotify's track lookup (an artist of a track the name was heard on has the name), by
 * the catalogue holding exactly one artist of the name, or by staff.
 */
export const nameResolutionReasons = ['spotify-track', 'exact-name', 'staff'] as const;
export type NameResolutionReason = (typeof nameResolutionReasons)[number];

/** A name longer than this is not registered: no catalogue artist has one, and it would bloat keys. */
export const maxRegisteredNameLength = 500;

/** Registration's reads and puts in flight at once. */
const registrationParallelism = 8;

export interface NameOnlyArtist {
  /** The normalised name (normalizeArtistName): the split key is `name:<normalisedName>`. */
  normalisedName: string;
  /** The spelling first heard, for people. */
  name: string;
  /** A Spotify track id of a play of the name (extended exports have them), for a later lookup through Spotify. */
  sampleTrackId: string | null;
  status: NameOnlyArtistStatus;
  /** The catalogue artists that share the name when it was last looked at (ambiguous: several). */
  candidateIds: string[];
  /** Cents held for the name when the job last looked. */
  heldCents: number;
  /** Whether the item is in the index of names noted as holding money (gsi2 `NAME_ONLY_HELD`). */
  heldIndexed: boolean;
  firstSeenAt: string;
  checkedAt: string | null;
  /** Set once resolved. */
  artistId: string | null;
  resolvedAt: string | null;
  resolvedBy: NameResolutionReason | null;
  /** Staff's reason and id, when staff resolved it. */
  staffReason: string | null;
  staffId: string | null;
}

const itemSchema = z.object({
  normalisedName: z.string(),
  name: z.string(),
  sampleTrackId: z.optional(z.nullable(z.string())),
  status: z.enum(nameOnlyArtistStatuses),
  candidateIds: z.optional(z.array(z.string())),
  heldCents: z.optional(z.number().check(z.int())),
  firstSeenAt: z.string(),
  checkedAt: z.optional(z.nullable(z.string())),
  artistId: z.optional(z.nullable(z.string())),
  resolvedAt: z.optional(z.nullable(z.string())),
  resolvedBy: z.optional(z.nullable(z.enum(nameResolutionReasons))),
  staffReason: z.optional(z.nullable(z.string())),
  staffId: z.optional(z.nullable(z.string())),
  gsi2pk: z.optional(z.string()),
});

/** An item as `registerNameOnlyArtists` reads it: only the name, to know it is registered. */
const storedNameSchema = z.object({ normalisedName: z.string() });

function toNameOnlyArtist(item: Record<string, NativeAttributeValue>): NameOnlyArtist {
  const parsed = readStored('name-only artist', itemSchema, item);
  return {
    normalisedName: parsed.normalisedName,
    name: parsed.name,
    sampleTrackId: parsed.sampleTrackId ?? null,
    status: parsed.status,
    candidateIds: parsed.candidateIds ?? [],
    heldCents: parsed.heldCents ?? 0,
    heldIndexed: parsed.gsi2pk === nameOnlyHeldPartition,
    firstSeenAt: parsed.firstSeenAt,
    checkedAt: parsed.checkedAt ?? null,
    artistId: parsed.artistId ?? null,
    resolvedAt: parsed.resolvedAt ?? null,
    resolvedBy: parsed.resolvedBy ?? null,
    staffReason: parsed.staffReason ?? null,
    staffId: parsed.staffId ?? null,
  };
}

/**
 * Access pattern `registerNameOnlyArtists`: the names an import could not match, each put once (`waiting`) where no
 * item exists; a name registered before (whatever its status) is left as it is. Reads first, so an import of names
 * already known writes nothing; the new names are put a few at once (an export can bring hundreds).
 */
export async function registerNameOnlyArtists(
  table: TableRef,
  names: readonly { normalisedName: string; name: string; trackId?: string }[],
  now: Date,
): Promise<number> {
  const unique = new Map<string, { normalisedName: string; name: string; trackId?: string }>();
  for (const entry of names) {
    if (entry.normalisedName.length === 0 || entry.normalisedName.length > maxRegisteredNameLength) continue;
    const before = unique.get(entry.normalisedName);
    if (!before || (!before.trackId && entry.trackId)) unique.set(entry.normalisedName, entry);
  }
  const found = await batchGetAll(
    table,
    [...unique.keys()].map((name) => nameOnlyArtistKey(name)),
    { projection: 'normalisedName', parallel: registrationParallelism },
  );
  const known = new Set(
    found.map((item) => readStored('name-only artist', storedNameSchema, item).normalisedName),
  );
  let created = 0;
  const unknown = [...unique.values()].filter((entry) => !known.has(entry.normalisedName));
  await forEachItem(unknown, registrationParallelism, async (entry) => {
    try {
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            ...nameOnlyArtistKey(entry.normalisedName),
            entity,
            v: version,
            normalisedName: entry.normalisedName,
            name: entry.name,
            sampleTrackId: entry.trackId ?? null,
            status: 'waiting',
            candidateIds: [],
            heldCents: 0,
            firstSeenAt: now.toISOString(),
            gsi1pk: nameOnlyArtistsPartition('waiting'),
            gsi1sk: entry.normalisedName,
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

/** Access pattern `getNameOnlyArtist`: one name's item (consistent), or null when no import met the name. */
export async function getNameOnlyArtist(
  table: TableRef,
  normalisedName: string,
): Promise<NameOnlyArtist | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: nameOnlyArtistKey(normalisedName), ConsistentRead: true }),
  );
  return Item ? toNameOnlyArtist(Item) : null;
}

export interface NameOnlyArtistPage {
  artists: NameOnlyArtist[];
  /** Pass back for the next page; null on the last. */
  cursor: string | null;
}

/**
 * Access pattern `listNameOnlyArtistsWaiting`: the name-only artists of one status, by name, a page at a time. Staff's
 * escrow screen lists `ambiguous` names (several catalogue artists share the name: staff choose one) and `waiting`
 * ones (no catalogue artist yet), each with the cents held for it when the job last looked.
 */
export async function listNameOnlyArtistsWaiting(
  table: TableRef,
  {
    status = 'ambiguous',
    limit = 50,
    cursor = null,
  }: { status?: Exclude<NameOnlyArtistStatus, 'resolved'>; limit?: number; cursor?: string | null } = {},
): Promise<NameOnlyArtistPage> {
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': nameOnlyArtistsPartition(status) },
      Limit: Math.max(1, Math.min(100, limit)),
      ...(cursor
        ? {
            ExclusiveStartKey: {
              ...nameOnlyArtistKey(cursor),
              gsi1pk: nameOnlyArtistsPartition(status),
              gsi1sk: cursor,
            },
          }
        : {}),
    }),
  );
  const last = reply.LastEvaluatedKey?.['gsi1sk'];
  return {
    artists: (reply.Items ?? []).map(toNameOnlyArtist),
    cursor: typeof last === 'string' ? last : null,
  };
}

/**
 * Access pattern `getNameOnlyArtists`: the items of the names asked for (eventually consistent BatchGet, 100 keys a
 * request), by normalised name; a name no import registered is missing from the answer.
 */
export async function getNameOnlyArtists(
  table: TableRef,
  normalisedNames: readonly string[],
): Promise<Map<string, NameOnlyArtist>> {
  const items = await batchGetAll(
    table,
    [...new Set(normalisedNames)].map((name) => nameOnlyArtistKey(name)),
    {
      projection:
        'normalisedName, #name, sampleTrackId, #status, candidateIds, heldCents, firstSeenAt, checkedAt, ' +
        'artistId, resolvedAt, resolvedBy, staffReason, staffId, gsi2pk',
      names: { '#name': 'name', '#status': 'status' },
      parallel: registrationParallelism,
    },
  );
  return new Map(items.map((item) => [String(item['normalisedName']), toNameOnlyArtist(item)]));
}

/**
 * Access pattern `pagesOfNamesNotedHolding`: the names not resolved whose item notes cents held (gsi2 `NAME_ONLY_HELD`,
 * sparse), by name, a page at a time: the escrow job clears the note of those that hold nothing any more.
 */
export async function* pagesOfNamesNotedHolding(
  table: TableRef,
  pageSize = 100,
): AsyncGenerator<NameOnlyArtist[]> {
  for await (const page of queryPages(table, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': nameOnlyHeldPartition },
    Limit: pageSize,
  })) {
    yield (page.Items ?? []).map(toNameOnlyArtist);
  }
}

/**
 * Access pattern `noteNameOnlyArtistLooked`: what the job saw of a name it could not resolve (still waiting, or
 * ambiguous with these candidates), only while the name is not resolved. A name noted as holding cents is put in the
 * index of names noted holding (gsi2 `NAME_ONLY_HELD`), and taken out when noted as holding none.
 */
export async function noteNameOnlyArtistLooked(
  table: TableRef,
  normalisedName: string,
  seen: { status: 'waiting' | 'ambiguous'; candidateIds: readonly string[]; heldCents: number },
  at: Date,
): Promise<boolean> {
  return updateIfCondition(table, {
    Key: nameOnlyArtistKey(normalisedName),
    UpdateExpression:
      'SET #status = :status, candidateIds = :candidates, heldCents = :held, checkedAt = :at, gsi1pk = :gsi1pk, gsi1sk = :name' +
      (seen.heldCents > 0 ? ', gsi2pk = :gsi2pk, gsi2sk = :name' : ' REMOVE gsi2pk, gsi2sk'),
    ConditionExpression: 'attribute_exists(pk) AND #status <> :resolved',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': seen.status,
      ':candidates': [...seen.candidateIds],
      ':held': seen.heldCents,
      ':at': at.toISOString(),
      ':gsi1pk': nameOnlyArtistsPartition(seen.status),
      ':name': normalisedName,
      ':resolved': 'resolved',
      ...(seen.heldCents > 0 ? { ':gsi2pk': nameOnlyHeldPartition } : {}),
    },
  });
}

/**
 * Access pattern `resolveNameOnlyArtistTo`: the name belongs to `artistId` from now on, written before any of its
 * money moves. Only when the name is not resolved yet, or resolved to the same artist (a retry): answers the item as
 * it is now, so a caller sees a name resolved to another artist first and moves nothing. The name is created when no
 * import registered it (a name the escrow holds money for all the same). A resolved name leaves the index of names
 * noted holding (its held lots are found through the held lots' index).
 */
export async function resolveNameOnlyArtistTo(
  table: TableRef,
  normalisedName: string,
  resolution: {
    artistId: string;
    name: string;
    resolvedBy: NameResolutionReason;
    candidateIds: readonly string[];
    staffReason?: string;
    staffId?: string;
  },
  at: Date,
): Promise<NameOnlyArtist> {
  try {
    const reply = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: nameOnlyArtistKey(normalisedName),
        UpdateExpression:
          'SET entity = :entity, v = :v, normalisedName = :normalised, #name = if_not_exists(#name, :name), ' +
          'firstSeenAt = if_not_exists(firstSeenAt, :at), #status = :resolved, artistId = :artist, ' +
          'resolvedAt = if_not_exists(resolvedAt, :at), resolvedBy = if_not_exists(resolvedBy, :by), ' +
          'candidateIds = :candidates, checkedAt = :at, staffReason = if_not_exists(staffReason, :reason), ' +
          'staffId = if_not_exists(staffId, :staff), gsi1pk = :gsi1pk, gsi1sk = :normalised REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'attribute_not_exists(artistId) OR artistId = :artist',
        ExpressionAttributeNames: { '#status': 'status', '#name': 'name' },
        ExpressionAttributeValues: {
          ':entity': entity,
          ':v': version,
          ':normalised': normalisedName,
          ':name': resolution.name,
          ':at': at.toISOString(),
          ':resolved': 'resolved',
          ':artist': resolution.artistId,
          ':by': resolution.resolvedBy,
          ':candidates': [...resolution.candidateIds],
          ':reason': resolution.staffReason ?? null,
          ':staff': resolution.staffId ?? null,
          ':gsi1pk': nameOnlyArtistsPartition('resolved'),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    if (!reply.Attributes) throw new Error(`The name ${normalisedName} was not written`);
    return toNameOnlyArtist(reply.Attributes);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const now = await getNameOnlyArtist(table, normalisedName);
    if (!now) throw error;
    return now;
  }
}
