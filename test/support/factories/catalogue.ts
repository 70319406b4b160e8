// Catalogue artists for integration tests, written through the catalogue's own data function: each call adds an
// artist with a new id that no other test uses.
import { randomUUID } from 'node:crypto';
import { testTable } from '../test-table';

export interface GivenArtist {
  id: string;
  name: string;
}

/** A new catalogue artist: named `name` exactly when given, else a name no other test uses. */
export async function givenArtist(name?: string, popularity = 40): Promise<GivenArtist> {
  const { upsertCatalogueArtists } = await import('../../../functions/data/catalogue/artists');
  const artist = {
    id: randomUUID().replace(/-/g, '').slice(0, 22),
    name: name ?? `Artist ${randomUUID().slice(0, 6)}`,
  };
  await upsertCatalogueArtists(testTable(), [{ ...artist, popularity }], new Date());
  return artist;
}
