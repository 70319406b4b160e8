// The catalogue's fast first write (putNewCatalogueArtists in functions/data/catalogue/artists.ts), which the local demo
// seed uses for the Spotify sandbox's artists: it leaves exactly the items upsertCatalogueArtists leaves (the artists,
// their name prefixes and the count), compared item by item in two fresh tables, and on a catalogue that holds one of
// the artists already it writes nothing and says so, so the seed falls back to the upsert.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { TableRef } from '../../functions/data/table';
import { createDocumentClient } from '../../functions/runtime/dynamodb-client';
import { createLocalDynamoDbClient, LOCAL_REGION } from '../../local/dynamodb-local';
import { artistsById } from '../../local/spotify-sandbox/catalogue';
import { deleteTable, ensureTable } from '../../local/table';
import { scanTable } from '../support/table-scan';

const endpoint = process.env.DYNAMODB_ENDPOINT ?? '';
const admin = createLocalDynamoDbClient(endpoint);
const documents = createDocumentClient({ region: LOCAL_REGION, endpoint });
const made: string[] = [];
const now = new Date('2026-11-28T01:00:00.000Z');

/** A table of its own, so the whole of what a write left can be read back and compared. */
async function freshTable(): Promise<TableRef> {
  const name = `openpie-test-catalogue-${randomBytes(6).toString('hex')}`;
  made.push(name);
  await ensureTable(admin, name);
  return { client: documents, name };
}

async function everyItem(table: TableRef): Promise<Record<string, unknown>[]> {
  const items = await scanTable(table);
  const keyOf = (item: Record<string, unknown>) => `${String(item['pk'])}|${String(item['sk'])}`;
  return items.sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
}

/** Sandbox artists as the seed writes them (several transactions' worth), and one with nothing but a name. */
const artists = [
  ...[...artistsById.values()].slice(0, 40).map((artist) => ({
    id: artist.id,
    name: artist.name,
    imageUrl: `/_sandbox/oauth/spotify/images/${artist.id}.svg`,
    popularity: artist.popularity,
    followers: artist.followers,
    genres: artist.genres,
  })),
  { id: 'e2e-artist-1', name: 'The Sample Sessions', popularity: 1, genres: ['indie'] },
];

afterAll(async () => {
  for (const name of made) await deleteTable(admin, name);
  documents.destroy();
  admin.destroy();
});

describe('the catalogue written new in transactions', () => {
  it('leaves the very items the upsert leaves: artists, name prefixes and the count', async () => {
    // Prepare
    const { putNewCatalogueArtists, upsertCatalogueArtists } =
      await import('../../functions/data/catalogue/artists');
    const [upserted, putNew] = [await freshTable(), await freshTable()];

    // Act
    await upsertCatalogueArtists(upserted, artists, now);
    const written = await putNewCatalogueArtists(putNew, artists, now);

    // Assess
    expect(written).toBe(true);
    const expected = await everyItem(upserted);
    expect(expected.length).toBeGreaterThan(artists.length * 3);
    expect(await everyItem(putNew)).toEqual(expected);
    expect(expected.find((item) => item['entity'] === 'catalogue-stats')).toMatchObject({
      artists: artists.length,
    });
  });

  it('writes nothing and answers false when an artist is there already, and the upsert then completes it', async () => {
    // Prepare: a first start interrupted after a few of the artists were written
    const { putNewCatalogueArtists, upsertCatalogueArtists } =
      await import('../../functions/data/catalogue/artists');
    const [interrupted, whole] = [await freshTable(), await freshTable()];
    await upsertCatalogueArtists(interrupted, artists.slice(0, 3), now);
    const before = await everyItem(interrupted);

    // Act
    const written = await putNewCatalogueArtists(interrupted, artists, now);
    const after = await everyItem(interrupted);
    await upsertCatalogueArtists(interrupted, artists, now);

    // Assess
    expect(written).toBe(false);
    expect(after).toEqual(before);
    await upsertCatalogueArtists(whole, artists, now);
    expect(await everyItem(interrupted)).toEqual(await everyItem(whole));
  });
});
