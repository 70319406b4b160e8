// The artist catalogue in the table: every artist OpenPie has met (sync, search), so pages and the split can name
// them, and name search works without Scan. Claim state lives on the artist item too but belongs to the claims work:
// nothing here writes it.
// Monthly listeners and the kept top tracks are their own modules beside this one.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { ArtistSummary } from '../../contracts/artists';
import type { NameSearchPlan } from '../../domain/listening/artist-name-search';
import { namePrefixesOf, planNameSearch, spacedNameOf } from '../../domain/listening/artist-name-search';
import { normalizeArtistName } from '../../domain/listening/rules';
import {
  artistExactNamePartition,
  artistKey,
  artistNamePrefixPartition,
  artistNamePrefixSortKey,
  artistPartition,
  artistsByNamePartition,
  artistsByPopularityPartition,
  catalogueStatsKey,
} from '../keys';
import { readStored } from '../stored-item';
import type { BatchWriteRequest, TableRef } from '../table';
import {
  batchGetAll,
  batchWriteAll,
  cancelledTransaction,
  forEachItem,
  putNewItem,
  queryPages,
  transact,
} from '../table';

/** What a sync or a search learns of an artist; absent fields keep what the catalogue already holds. */
export interface CatalogueArtistInput {
  id: string;
  name: string;
  imageUrl?: string;
  popularity?: number;
  followers?: number;
  genres?: readonly string[];
}

/** A name search reads at most this many matches; a broader term should be narrowed, not paged through. */
export const maxSearchMatches = 500;
/** The catalogue listing pages at most this deep (page × limit); search narrows further. */
export const maxListingDepth = 2_000;

const pad3 = (value: number) => String(Math.max(0, Math.min(999, Math.round(value)))).padStart(3, '0');
/** Most popular first when read ascending; artists without popularity come last. */
const popularityRank = (popularity: number | undefined) => pad3(100 - (popularity ?? 0));

/** An artist item (`ARTIST#<id>` / `ARTIST`), as far as it is read back (`storedFields`). */
const storedArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  normalizedName: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  popularity: z.optional(z.number()),
  followers: z.optional(z.number()),
  genres: z.optional(z.array(z.string())),
  claimed: z.optional(z.boolean()),
});
type StoredArtist = z.infer<typeof storedArtistSchema>;

/** A name-prefix index item, as a search reads it: the artist it points to. */
const storedNamePrefixSchema = z.object({ artistId: z.string() });

/** The catalogue's count item: absent (or without a count) until the first artist is added. */
const storedCatalogueStatsSchema = z.object({ artists: z._default(z.number().check(z.int()), 0) });

/** An artist found by exact name: its id and name. */
const storedArtistNameSchema = z.object({ id: z.string(), name: z.string() });

const toStoredArtist = (item: unknown): StoredArtist =>
  readStored('catalogue artist', storedArtistSchema, item);
const toArtistName = (item: unknown) => readStored('catalogue artist', storedArtistNameSchema, item);

const storedFields = [
  'id',
  '#name',
  'normalizedName',
  'imageUrl',
  'popularity',
  'followers',
  'genres',
  'claimed',
];

/** Access pattern `upsertCatalogueArtists`: adds or refreshes artists (idempotent; claims are never touched). */
export async function upsertCatalogueArtists(
  table: TableRef,
  artists: readonly CatalogueArtistInput[],
  now: Date,
): Promise<void> {
  const unique = new Map<string, CatalogueArtistInput>();
  for (const artist of artists) if (artist.id && artist.name) unique.set(artist.id, artist);
  if (unique.size === 0) return;
  const existing = await getStoredArtists(table, [...unique.keys()]);
  let created = 0;
  await forEachItem([...unique.values()], 10, async (input) => {
    const before = existing.get(input.id);
    const merged = mergeArtist(input, before);
    if (before && isSameArtist(before, merged)) return;
    if (await writeArtist(table, merged, now)) created += 1;
    const nameOrRankChanged =
      !before ||
      before.normalizedName !== normalizeArtistName(merged.name) ||
      popularityRank(before.popularity) !== popularityRank(merged.popularity);
    if (nameOrRankChanged) await writeNamePrefixes(table, merged, before);
  });
  if (created > 0) {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: catalogueStatsKey,
        UpdateExpression: 'SET entity = :entity, v = :v ADD artists :created',
        ExpressionAttributeValues: { ':entity': 'catalogue-stats', ':v': 1, ':created': created },
      }),
    );
  }
}

function mergeArtist(input: CatalogueArtistInput, before: StoredArtist | undefined): StoredArtist {
  const imageUrl = input.imageUrl ?? before?.imageUrl;
  const popularity = input.popularity ?? before?.popularity;
  const followers = input.followers ?? before?.followers;
  return {
    id: input.id,
    name: input.name,
    ...(imageUrl === undefined ? {} : { imageUrl }),
    ...(popularity === undefined ? {} : { popularity }),
    ...(followers === undefined ? {} : { followers }),
    genres: input.genres ? [...input.genres] : (before?.genres ?? []),
  };
}

function isSameArtist(before: StoredArtist, merged: StoredArtist): boolean {
  return (
    before.name === merged.name &&
    before.normalizedName === normalizeArtistName(merged.name) &&
    before.imageUrl === merged.imageUrl &&
    before.popularity === merged.popularity &&
    before.followers === merged.followers &&
    JSON.stringify(before.genres ?? []) === JSON.stringify(merged.genres ?? [])
  );
}

/** The artist item's own fields as written (never `claimed`, and without its key and `createdAt`). */
function artistFieldsOf(artist: StoredArtist, now: Date): Record<string, unknown> {
  const normalised = normalizeArtistName(artist.name);
  return {
    entity: 'catalogue-artist',
    v: 1,
    id: artist.id,
    name: artist.name,
    normalizedName: normalised,
    spacedName: spacedNameOf(artist.name),
    genres: artist.genres ?? [],
    updatedAt: now.toISOString(),
    gsi1pk: artistsByNamePartition,
    gsi1sk: `${normalised}#${artist.id}`,
    gsi2pk: artistsByPopularityPartition,
    gsi2sk: `${pad3(artist.popularity ?? 0)}#${normalised}#${artist.id}`,
    gsi3pk: artistExactNamePartition(normalised),
    gsi3sk: `${popularityRank(artist.popularity)}#${artist.id}`,
    ...(artist.imageUrl === undefined ? {} : { imageUrl: artist.imageUrl }),
    ...(artist.popularity === undefined ? {} : { popularity: artist.popularity }),
    ...(artist.followers === undefined ? {} : { followers: artist.followers }),
  };
}

/** Writes the artist item's own fields (never `claimed`); true when the item did not exist before. */
async function writeArtist(table: TableRef, artist: StoredArtist, now: Date): Promise<boolean> {
  const fields = Object.entries(artistFieldsOf(artist, now));
  const reply = await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: artistKey(artist.id),
      UpdateExpression: `SET ${[
        ...fields.map((_, index) => `#f${index} = :f${index}`),
        'createdAt = if_not_exists(createdAt, :now)',
      ].join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(fields.map(([name], index) => [`#f${index}`, name])),
      ExpressionAttributeValues: {
        ...Object.fromEntries(fields.map(([, value], index) => [`:f${index}`, value])),
        ':now': now.toISOString(),
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return reply.Attributes?.createdAt === undefined;
}

/** One small index item per word prefix of the artist's name. */
function namePrefixItemsOf(artist: StoredArtist): Record<string, unknown>[] {
  const normalised = normalizeArtistName(artist.name);
  const pk = artistPartition(artist.id);
  return namePrefixesOf(artist.name).map((prefix) => ({
    pk,
    sk: artistNamePrefixSortKey(prefix),
    entity: 'catalogue-name-prefix',
    v: 1,
    artistId: artist.id,
    spacedName: spacedNameOf(artist.name),
    gsi1pk: artistNamePrefixPartition(prefix),
    gsi1sk: `${popularityRank(artist.popularity)}#${normalised}#${artist.id}`,
  }));
}

/** One small index item per word prefix; prefixes the old name had and the new one lacks are removed. */
async function writeNamePrefixes(table: TableRef, artist: StoredArtist, before: StoredArtist | undefined) {
  const prefixes = namePrefixesOf(artist.name);
  const stale = before ? namePrefixesOf(before.name).filter((prefix) => !prefixes.includes(prefix)) : [];
  const pk = artistPartition(artist.id);
  const requests: BatchWriteRequest[] = [
    ...namePrefixItemsOf(artist).map((Item) => ({ PutRequest: { Item } })),
    ...stale.map((prefix) => ({ DeleteRequest: { Key: { pk, sk: artistNamePrefixSortKey(prefix) } } })),
  ];
  await batchWriteAll(table, requests);
}

/** DynamoDB's most items in one TransactWriteItems. */
const transactionItemLimit = 100;

/**
 * Access pattern `putNewCatalogueArtists`: artists the catalogue does not hold yet (the local demo seed's sandbox
 * artists on a fresh data folder), written as the very items `upsertCatalogueArtists` leaves (the artist, its name
 * prefixes, the count), an artist whole in one transaction of up to 100 items, each put on the condition that it is
 * new. DynamoDB Local commits every item of a batch write on its own and a transaction once, so the demo's some 4,000
 * items take some 40 commits instead of 4,000. Answers false when an artist is there already (a first start
 * interrupted half-way): the transaction that met it wrote nothing, and `upsertCatalogueArtists` does the rest.
 */
export async function putNewCatalogueArtists(
  table: TableRef,
  artists: readonly CatalogueArtistInput[],
  now: Date,
): Promise<boolean> {
  const unique = new Map<string, StoredArtist>();
  for (const artist of artists)
    if (artist.id && artist.name) unique.set(artist.id, mergeArtist(artist, undefined));
  const packs: StoredArtist[][] = [[]];
  let items = 1;
  for (const artist of unique.values()) {
    const size = 1 + namePrefixesOf(artist.name).length;
    if (items + size > transactionItemLimit) {
      packs.push([]);
      items = 1;
    }
    packs.at(-1)?.push(artist);
    items += size;
  }
  for (const pack of packs.filter((found) => found.length > 0)) {
    try {
      await transact(table, {
        artists: pack.map((artist) =>
          putNewItem(table, {
            ...artistKey(artist.id),
            ...artistFieldsOf(artist, now),
            createdAt: now.toISOString(),
          }),
        ),
        namePrefixes: pack.flatMap((artist) =>
          namePrefixItemsOf(artist).map((item) => putNewItem(table, item)),
        ),
        count: {
          Update: {
            TableName: table.name,
            Key: catalogueStatsKey,
            UpdateExpression: 'SET entity = :entity, v = :v ADD artists :created',
            ExpressionAttributeValues: { ':entity': 'catalogue-stats', ':v': 1, ':created': pack.length },
          },
        },
      });
    } catch (error) {
      if (cancelledTransaction(error)?.conditionsFailed.length) return false;
      throw error;
    }
  }
  return true;
}

async function getStoredArtists(table: TableRef, ids: readonly string[]): Promise<Map<string, StoredArtist>> {
  const items = await batchGetAll(
    table,
    ids.map((id) => artistKey(id)),
    { projection: storedFields.join(', '), names: { '#name': 'name' } },
  );
  return new Map(
    items.map((item) => {
      const artist = toStoredArtist(item);
      return [artist.id, artist];
    }),
  );
}

function toArtistSummary(artist: StoredArtist): ArtistSummary {
  return {
    id: artist.id,
    name: artist.name,
    ...(artist.imageUrl === undefined ? {} : { imageUrl: artist.imageUrl }),
    ...(artist.popularity === undefined ? {} : { popularity: artist.popularity }),
    ...(artist.followers === undefined ? {} : { followers: artist.followers }),
    genres: artist.genres ?? [],
    spotifyUrl: `https://open.spotify.com/artist/${encodeURIComponent(artist.id)}`,
    claimed: artist.claimed === true,
  };
}

/** Access pattern `getCatalogueArtists`: artists by id (BatchGet), in the order asked; unknown ids are left out. */
export async function getCatalogueArtists(table: TableRef, ids: readonly string[]): Promise<ArtistSummary[]> {
  const found = await getStoredArtists(table, [...new Set(ids)]);
  return ids.flatMap((id) => {
    const artist = found.get(id);
    return artist ? [toArtistSummary(artist)] : [];
  });
}

/** Access pattern `getCatalogueArtist`: one artist by id, or null. */
export async function getCatalogueArtist(table: TableRef, id: string): Promise<ArtistSummary | null> {
  const [artist] = await getCatalogueArtists(table, [id]);
  return artist ?? null;
}

export interface CataloguePage {
  artists: ArtistSummary[];
  total: number;
}

/**
 * Access pattern `searchCatalogueArtists`: artists a word of whose name starts with each word of the term, most
 * popular first. Reads the index partition of the longest term word's prefix (at most `maxSearchMatches` matches),
 * then the page's artists.
 */
export async function searchCatalogueArtists(
  table: TableRef,
  term: string,
  { page, limit }: { page: number; limit: number },
): Promise<CataloguePage> {
  const plan = planNameSearch(term);
  if (!plan) return { artists: [], total: 0 };
  const ids = await findIdsByPrefix(table, plan);
  const pageIds = ids.slice((page - 1) * limit, page * limit);
  return { artists: await getCatalogueArtists(table, pageIds), total: ids.length };
}

async function findIdsByPrefix(table: TableRef, plan: NameSearchPlan): Promise<string[]> {
  const names: Record<string, string> = { '#spaced': 'spacedName' };
  const values: Record<string, unknown> = { ':prefix': artistNamePrefixPartition(plan.prefix) };
  const conditions = plan.wordStarts.map((start, index) => {
    values[`:w${index}`] = start;
    return `contains(#spaced, :w${index})`;
  });
  const ids: string[] = [];
  const pages = queryPages(table, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :prefix',
    FilterExpression: conditions.join(' AND '),
    ProjectionExpression: 'artistId',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    Limit: maxSearchMatches,
  });
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      ids.push(readStored('catalogue name prefix', storedNamePrefixSchema, item).artistId);
    }
    if (ids.length >= maxSearchMatches) break;
  }
  return ids.slice(0, maxSearchMatches);
}

export type CatalogueSort = 'name' | 'popularity';

/**
 * Access pattern `listCatalogueArtists`: the whole catalogue by name (gsi1 `ARTISTS`) or popularity (gsi2
 * `ARTISTS_BY_POPULARITY`), either direction; the total is the catalogue's count item.
 */
export async function listCatalogueArtists(
  table: TableRef,
  {
    page,
    limit,
    sort,
    direction,
  }: { page: number; limit: number; sort: CatalogueSort; direction: 'asc' | 'desc' },
): Promise<CataloguePage> {
  const [index, partition] =
    sort === 'name' ? ['gsi1', artistsByNamePartition] : ['gsi2', artistsByPopularityPartition];
  const wanted = Math.min(page * limit, maxListingDepth);
  const skip = (page - 1) * limit;
  const artists: StoredArtist[] = [];
  let start: Record<string, unknown> | undefined;
  while (skip < wanted && artists.length < wanted) {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: index,
        KeyConditionExpression: `${index}pk = :partition`,
        ExpressionAttributeValues: { ':partition': partition },
        ExpressionAttributeNames: { '#name': 'name' },
        ProjectionExpression: storedFields.join(', '),
        ScanIndexForward: direction === 'asc',
        Limit: wanted - artists.length,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of reply.Items ?? []) artists.push(toStoredArtist(item));
    start = reply.LastEvaluatedKey;
    if (!start) break;
  }
  return {
    artists: artists.slice(skip, wanted).map(toArtistSummary),
    total: await countCatalogueArtists(table),
  };
}

/** Access pattern `countCatalogueArtists`: how many artists the catalogue holds (a count item added to on insert). */
export async function countCatalogueArtists(table: TableRef): Promise<number> {
  const reply = await table.client.send(
    new GetCommand({ TableName: table.name, Key: catalogueStatsKey, ProjectionExpression: 'artists' }),
  );
  return readStored('catalogue stats', storedCatalogueStatsSchema, reply.Item ?? {}).artists;
}

/**
 * Access pattern `findCatalogueArtistsByNames`: for names known only as text (an imported export), the catalogue
 * artist whose normalised name is the same, the most popular one when several share it. Keyed by normalised name.
 */
export async function findCatalogueArtistsByNames(
  table: TableRef,
  names: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const normalisedNames = [...new Set(names.map(normalizeArtistName))].filter((name) => name.length > 0);
  const found = new Map<string, { id: string; name: string }>();
  await forEachItem(normalisedNames, 16, async (normalised) => {
    const [mostPopular] = await findCatalogueArtistsOfExactName(table, normalised, 1);
    if (mostPopular) found.set(normalised, mostPopular);
  });
  return found;
}

/**
 * Access pattern `findCatalogueArtistsOfExactName`: the catalogue artists whose normalised name is exactly this one
 * (gsi3), most popular first, at most `limit`: one means a name heard alone can be theirs, several that it is ambiguous.
 */
export async function findCatalogueArtistsOfExactName(
  table: TableRef,
  normalisedName: string,
  limit = 10,
): Promise<{ id: string; name: string }[]> {
  if (normalisedName.length === 0) return [];
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :name',
      ExpressionAttributeValues: { ':name': artistExactNamePartition(normalisedName) },
      ExpressionAttributeNames: { '#name': 'name' },
      ProjectionExpression: 'id, #name',
      Limit: limit,
    }),
  );
  return (reply.Items ?? []).map(toArtistName);
}
