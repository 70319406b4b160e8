// Stored items are read back through the zod schemas of what their modules write (functions/data/stored-item.ts), on
// DynamoDB Local: an item whose stored shape is not its entity's is refused with an internal error naming the entity,
// rather than coerced (`String(…)`, `Number(…)`) into a value nobody stored.
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getCatalogueArtist, getCatalogueArtists } from '../../functions/data/catalogue/artists';
import { getCachedTopTracks } from '../../functions/data/catalogue/top-tracks';
import { artistKey, artistTopTracksKey } from '../../functions/data/keys';
import { CorruptStoredItem } from '../../functions/data/stored-item';
import { testTable } from '../support/test-table';

async function storeRaw(item: Record<string, unknown>): Promise<void> {
  const table = testTable();
  await table.client.send(new PutCommand({ TableName: table.name, Item: item }));
}

/** Expects the read to fail with a `CorruptStoredItem` naming this entity. */
async function expectCorrupt(read: Promise<unknown>, entity: string): Promise<void> {
  const error: unknown = await read.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CorruptStoredItem);
  expect((error as CorruptStoredItem).entity).toBe(entity);
  expect((error as CorruptStoredItem).message).toContain(`stored ${entity} item`);
}

describe('the catalogue read through its schemas', () => {
  it('reads an artist as stored, its unset fields left out', async () => {
    // Prepare
    const id = randomUUID();
    await storeRaw({
      ...artistKey(id),
      entity: 'catalogue-artist',
      v: 1,
      id,
      name: 'Odetta',
      genres: ['folk'],
    });

    // Act
    const artist = await getCatalogueArtist(testTable(), id);

    // Assess
    expect(artist).toEqual({
      id,
      name: 'Odetta',
      genres: ['folk'],
      spotifyUrl: `https://open.spotify.com/artist/${id}`,
      claimed: false,
    });
  });

  it('refuses an artist whose popularity is stored as text', async () => {
    // Prepare
    const id = randomUUID();
    await storeRaw({
      ...artistKey(id),
      entity: 'catalogue-artist',
      v: 1,
      id,
      name: 'Odetta',
      popularity: '71',
    });

    // Act
    const read = getCatalogueArtists(testTable(), [id]);

    // Assess
    await expectCorrupt(read, 'catalogue artist');
  });

  it('refuses kept top tracks without the time Spotify was asked', async () => {
    // Prepare
    const id = randomUUID();
    await storeRaw({ ...artistTopTracksKey(id), entity: 'artist-top-tracks', v: 1, tracks: [] });

    // Act
    const read = getCachedTopTracks(testTable(), id);

    // Assess
    await expectCorrupt(read, 'artist top tracks');
  });
});
