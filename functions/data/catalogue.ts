// The artist catalogue in the table: every artist OpenPie has met (sync, search), so pages and the split can name
// them, and name search works without Scan. Claim state lives on the artist item too but belongs to the claims work:
// nothing here writes it.
import {
  BatchGetCommand,
  BatchWriteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ArtistSummary } from '../contracts/artists';
import type { NameSearchPlan } from '../domain/listening/artist-name-search';
import { namePrefixesOf, planNameSearch, spacedNameOf } from '../domain/listening/artist-name-search';
import { normalizeArtistName } from '../domain/listening/rules';
import type { TableRef } from './table';
import { backOff, forEachItem } from './table';

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

const artistKey = (id: string) => `ARTIST#${id}`;
const artistSortKey = 'ARTIST';
const prefixSortKey = (prefix: string) => `NAME_PREFIX#${prefix}`;
const byNamePartition = 'ARTISTS';
const byPopularityPartition = 'ARTISTS_BY_POPULARITY';
const exactNamePartition = (normalised: string) => `ARTIST_EXACT#${normalised}`;
const prefixPartition = (prefix: string) => `ARTIST_NAME#${prefix}`;
const statsKey = { pk: 'CATALOGUE', sk: 'STATS' };
const listenersKey = (artistId: string, month: string) => `ARTIST_LISTENERS#${artistId}#${month}`;

const pad3 = (value: number) => String(Math.max(0, Math.min(999, Math.round(value)))).padStart(3, '0');
/** Most popular first when read ascending; artists without popularity come last. */
const popularityRank = (popularity: number | undefined) => pad3(100 - (popularity ?? 0));

interface StoredArtist {
  id: string;
  name: string;
  normalizedName?: string;
  imageUrl?: string;
  popularity?: number;
  followers?: number;
  genres?: string[];
  claimed?: boolean;
}

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
        Key: statsKey,
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

/** Writes the artist item's own fields (never `claimed`); true when the item did not exist before. */
async function writeArtist(table: TableRef, artist: StoredArtist, now: Date): Promise<boolean> {
  const normalised = normalizeArtistName(artist.name);
  const values: Record<string, unknown> = {
    ':entity': 'catalogue-artist',
    ':v': 1,
    ':id': artist.id,
    ':name': artist.name,
    ':normalised': normalised,
    ':spaced': spacedNameOf(artist.name),
    ':genres': artist.genres ?? [],
    ':now': now.toISOString(),
    ':gsi1pk': byNamePartition,
    ':gsi1sk': `${normalised}#${artist.id}`,
    ':gsi2pk': byPopularityPartition,
    ':gsi2sk': `${pad3(artist.popularity ?? 0)}#${normalised}#${artist.id}`,
    ':gsi3pk': exactNamePartition(normalised),
    ':gsi3sk': `${popularityRank(artist.popularity)}#${artist.id}`,
  };
  const sets = [
    'entity = :entity',
    'v = :v',
    'id = :id',
    '#name = :name',
    'normalizedName = :normalised',
    'spacedName = :spaced',
    'genres = :genres',
    'updatedAt = :now',
    'createdAt = if_not_exists(createdAt, :now)',
    'gsi1pk = :gsi1pk',
    'gsi1sk = :gsi1sk',
    'gsi2pk = :gsi2pk',
    'gsi2sk = :gsi2sk',
    'gsi3pk = :gsi3pk',
    'gsi3sk = :gsi3sk',
  ];
  for (const field of ['imageUrl', 'popularity', 'followers'] as const) {
    if (artist[field] === undefined) continue;
    sets.push(`${field} = :${field}`);
    values[`:${field}`] = artist[field];
  }
  const reply = await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: { pk: artistKey(artist.id), sk: artistSortKey },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: values,
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return reply.Attributes?.createdAt === undefined;
}

/** One small index item per word prefix; prefixes the old name had and the new one lacks are removed. */
async function writeNamePrefixes(table: TableRef, artist: StoredArtist, before: StoredArtist | undefined) {
  const normalised = normalizeArtistName(artist.name);
  const prefixes = namePrefixesOf(artist.name);
  const stale = before ? namePrefixesOf(before.name).filter((prefix) => !prefixes.includes(prefix)) : [];
  const pk = artistKey(artist.id);
  const requests = [
    ...prefixes.map((prefix) => ({
      PutRequest: {
        Item: {
          pk,
          sk: prefixSortKey(prefix),
          entity: 'catalogue-name-prefix',
          v: 1,
          artistId: artist.id,
          spacedName: spacedNameOf(artist.name),
          gsi1pk: prefixPartition(prefix),
          gsi1sk: `${popularityRank(artist.popularity)}#${normalised}#${artist.id}`,
        },
      },
    })),
    ...stale.map((prefix) => ({ DeleteRequest: { Key: { pk, sk: prefixSortKey(prefix) } } })),
  ];
  await writeRequests(table, requests);
}

async function getStoredArtists(table: TableRef, ids: readonly string[]): Promise<Map<string, StoredArtist>> {
  const found = new Map<string, StoredArtist>();
  for (let start = 0; start < ids.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = ids
      .slice(start, start + 100)
      .map((id) => ({ pk: artistKey(id), sk: artistSortKey }));
    for (let attempt = 0; keys && keys.length > 0; attempt += 1) {
      if (attempt > 0) await backOff(attempt);
      const reply = await table.client.send(
        new BatchGetCommand({
          RequestItems: {
            [table.name]: {
              Keys: keys,
              ProjectionExpression: storedFields.join(', '),
              ExpressionAttributeNames: { '#name': 'name' },
            },
          },
        }),
      );
      for (const item of reply.Responses?.[table.name] ?? []) {
        const artist = item as StoredArtist;
        found.set(artist.id, artist);
      }
      keys = reply.UnprocessedKeys?.[table.name]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
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
  const values: Record<string, unknown> = { ':prefix': prefixPartition(plan.prefix) };
  const conditions = plan.wordStarts.map((start, index) => {
    values[`:w${index}`] = start;
    return `contains(#spaced, :w${index})`;
  });
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :prefix',
        FilterExpression: conditions.join(' AND '),
        ProjectionExpression: 'artistId',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        Limit: maxSearchMatches,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of reply.Items ?? []) ids.push(String(item.artistId));
    start = reply.LastEvaluatedKey;
  } while (start && ids.length < maxSearchMatches);
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
  const [index, partition] = sort === 'name' ? ['gsi1', byNamePartition] : ['gsi2', byPopularityPartition];
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
    for (const item of reply.Items ?? []) artists.push(item as StoredArtist);
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
    new GetCommand({ TableName: table.name, Key: statsKey, ProjectionExpression: 'artists' }),
  );
  return Number(reply.Item?.artists ?? 0);
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
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :name',
        ExpressionAttributeValues: { ':name': exactNamePartition(normalised) },
        ExpressionAttributeNames: { '#name': 'name' },
        ProjectionExpression: 'id, #name',
        Limit: 1,
      }),
    );
    const item = reply.Items?.[0];
    if (item) found.set(normalised, { id: String(item.id), name: String(item.name) });
  });
  return found;
}

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
  const month = date.slice(0, 7);
  const keys = [...new Set(artistIds)].map((artistId) => ({
    pk: listenersKey(artistId, month),
    sk: `FAN#${fanId}`,
  }));
  if (keys.length === 0) return;
  const existing = new Set<string>();
  for (let start = 0; start < keys.length; start += 100) {
    let batch: Record<string, unknown>[] | undefined = keys.slice(start, start + 100);
    for (let attempt = 0; batch && batch.length > 0; attempt += 1) {
      if (attempt > 0) await backOff(attempt);
      const reply = await table.client.send(
        new BatchGetCommand({ RequestItems: { [table.name]: { Keys: batch, ProjectionExpression: 'pk' } } }),
      );
      for (const item of reply.Responses?.[table.name] ?? []) existing.add(String(item.pk));
      batch = reply.UnprocessedKeys?.[table.name]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  const [year, monthNumber] = month.split('-').map(Number);
  // Kept two months past the month's end, then TTL removes it.
  const expiresAt = Math.floor(Date.UTC(year ?? 1970, (monthNumber ?? 1) + 2, 1) / 1000);
  await writeRequests(
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
  let start: Record<string, unknown> | undefined;
  do {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': listenersKey(artistId, month) },
        Select: 'COUNT',
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    count += reply.Count ?? 0;
    start = reply.LastEvaluatedKey;
  } while (start);
  return count;
}

export interface CachedTopTracks<T> {
  tracks: T[];
  /** ISO 8601 UTC time Spotify was asked. */
  fetchedAt: string;
}

/** Access pattern `getCachedTopTracks`: the copy of an artist's Spotify top tracks kept in the table, or null. */
export async function getCachedTopTracks<T>(
  table: TableRef,
  artistId: string,
): Promise<CachedTopTracks<T> | null> {
  const reply = await table.client.send(
    new GetCommand({ TableName: table.name, Key: { pk: artistKey(artistId), sk: 'TOP_TRACKS' } }),
  );
  if (!reply.Item) return null;
  return { tracks: reply.Item.tracks as T[], fetchedAt: String(reply.Item.fetchedAt) };
}

/** Access pattern `saveCachedTopTracks`: keeps an artist's Spotify top tracks (a week at most, then TTL). */
export async function saveCachedTopTracks<T>(
  table: TableRef,
  artistId: string,
  tracks: readonly T[],
  now: Date,
): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        pk: artistKey(artistId),
        sk: 'TOP_TRACKS',
        entity: 'artist-top-tracks',
        v: 1,
        tracks,
        fetchedAt: now.toISOString(),
        expiresAt: Math.floor(now.getTime() / 1000) + 7 * 86_400,
      },
    }),
  );
}

type WriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

async function writeRequests(table: TableRef, requests: readonly WriteRequest[]) {
  for (let start = 0; start < requests.length; start += 25) {
    let batch: WriteRequest[] | undefined = requests.slice(start, start + 25);
    for (let attempt = 0; batch && batch.length > 0; attempt += 1) {
      if (attempt > 0) await backOff(attempt);
      const reply = await table.client.send(new BatchWriteCommand({ RequestItems: { [table.name]: batch } }));
      batch = reply.UnprocessedItems?.[table.name] as WriteRequest[] | undefined;
    }
  }
}
