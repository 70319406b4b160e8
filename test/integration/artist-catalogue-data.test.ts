import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { testTable } from '../support/test-table';

const { client } = testTable();

const table = testTable;
const now = new Date('2026-11-22T02:00:00.000Z');

async function load() {
  return import('../../functions/data/catalogue/artists');
}

/**
 * A word no other test uses, so searches see only this test's artists: ten random letters of 26, so even its first
 * five are shared with another test's word about once in twelve million (the table is shared by every integration test).
 */
const uniqueWord = () =>
  `q${[...randomBytes(10)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

describe('the artist catalogue', () => {
  it('adds an artist once and keeps fields a later upsert omits', async () => {
    // Prepare
    const { upsertCatalogueArtists, getCatalogueArtist } = await load();
    const id = randomUUID();
    // Act
    await upsertCatalogueArtists(
      table(),
      [
        {
          id,
          name: 'Nina Simone',
          imageUrl: 'https://img/n.png',
          popularity: 71,
          followers: 9,
          genres: ['jazz'],
        },
      ],
      now,
    );
    await upsertCatalogueArtists(table(), [{ id, name: 'Nina Simone', popularity: 73 }], now);
    await upsertCatalogueArtists(table(), [{ id, name: 'Nina Simone', popularity: 73 }], now);
    const artist = await getCatalogueArtist(table(), id);
    // Assess
    expect(artist).toEqual({
      id,
      name: 'Nina Simone',
      imageUrl: 'https://img/n.png',
      popularity: 73,
      followers: 9,
      genres: ['jazz'],
      spotifyUrl: `https://open.spotify.com/artist/${id}`,
      claimed: false,
    });
  });

  it('writes an artist again only when it changed: an unchanged one costs its read and no write', async () => {
    // Prepare
    const { upsertCatalogueArtists } = await load();
    const [same, changed] = [randomUUID(), randomUUID()];
    const later = new Date(now.getTime() + 3_600_000);
    const unchanged = { id: same, name: 'Alice Coltrane', popularity: 60, followers: 10, genres: ['jazz'] };
    const before = { id: changed, name: 'Pharoah Sanders', popularity: 55, followers: 20, genres: ['jazz'] };
    await upsertCatalogueArtists(table(), [unchanged, before], now);
    const commands: { name: string; input: Record<string, unknown> }[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push({ name: context.commandName ?? '', input: args.input as Record<string, unknown> });
        return next(args);
      },
      { step: 'initialize', name: 'recordCatalogueCommands' },
    );
    // Act
    try {
      await upsertCatalogueArtists(table(), [unchanged, { ...before, followers: 21 }], later);
    } finally {
      client.middlewareStack.remove('recordCatalogueCommands');
    }
    // Assess
    // One read of both, then one write, of the changed artist only (its name and rank are the same: no prefixes).
    expect(commands.map((command) => command.name)).toEqual(['BatchGetItemCommand', 'UpdateItemCommand']);
    expect(JSON.stringify(commands[0]?.input)).toContain(same);
    expect(JSON.stringify(commands[1]?.input)).toContain(changed);
    expect(JSON.stringify(commands[1]?.input)).not.toContain(same);
    const updatedAtOf = async (id: string) =>
      (
        await client.send(
          new GetCommand({ TableName: table().name, Key: { pk: `ARTIST#${id}`, sk: 'ARTIST' } }),
        )
      ).Item?.['updatedAt'];
    expect(await updatedAtOf(same)).toBe(now.toISOString());
    expect(await updatedAtOf(changed)).toBe(later.toISOString());
  });

  it('never touches the claim state another part of the product wrote', async () => {
    // Prepare
    const { upsertCatalogueArtists, getCatalogueArtist } = await load();
    const id = randomUUID();
    await upsertCatalogueArtists(table(), [{ id, name: 'Claimed One' }], now);
    await client.send(
      new UpdateCommand({
        TableName: table().name,
        Key: { pk: `ARTIST#${id}`, sk: 'ARTIST' },
        UpdateExpression: 'SET claimed = :yes',
        ExpressionAttributeValues: { ':yes': true },
      }),
    );
    // Act
    await upsertCatalogueArtists(table(), [{ id, name: 'Claimed One Renamed', popularity: 5 }], now);
    const artist = await getCatalogueArtist(table(), id);
    // Assess
    expect(artist).toMatchObject({ name: 'Claimed One Renamed', popularity: 5, claimed: true });
  });

  it('counts each new artist once in the catalogue total', async () => {
    // Prepare
    const { upsertCatalogueArtists, countCatalogueArtists } = await load();
    const before = await countCatalogueArtists(table());
    const ids = [randomUUID(), randomUUID()];
    // Act
    await upsertCatalogueArtists(
      table(),
      ids.map((id) => ({ id, name: `Counted ${id}` })),
      now,
    );
    await upsertCatalogueArtists(table(), [{ id: ids[0] ?? '', name: 'Counted again', popularity: 3 }], now);
    // Assess
    expect(await countCatalogueArtists(table())).toBe(before + 2);
  });

  it('finds artists by the start of any word of their name, ignoring case and accents', async () => {
    // Prepare
    const { upsertCatalogueArtists, searchCatalogueArtists } = await load();
    const word = uniqueWord();
    const beyonce = randomUUID();
    const other = randomUUID();
    await upsertCatalogueArtists(
      table(),
      [
        { id: beyonce, name: `Beyoncé ${word} Knowles`, popularity: 90 },
        { id: other, name: `The ${word}ers`, popularity: 40 },
        { id: randomUUID(), name: `Unrelated Band ${uniqueWord()}` },
      ],
      now,
    );
    const page = { page: 1, limit: 10 };
    // Act
    const byWord = await searchCatalogueArtists(table(), word.slice(0, 6).toUpperCase(), page);
    const byAccent = await searchCatalogueArtists(table(), `BEYONCE ${word}`, page);
    const byLaterWord = await searchCatalogueArtists(table(), `knowl ${word}`, page);
    const byMiddle = await searchCatalogueArtists(table(), word.slice(1), page);
    // Assess
    expect(byWord.artists.map((artist) => artist.id)).toEqual([beyonce, other]);
    expect(byAccent.artists.map((artist) => artist.id)).toEqual([beyonce]);
    expect(byLaterWord.artists.map((artist) => artist.id)).toEqual([beyonce]);
    expect(byMiddle.total).toBe(0);
  });

  it('finds words longer than the indexed prefixes and stops finding an old name after a rename', async () => {
    // Prepare
    const { upsertCatalogueArtists, searchCatalogueArtists } = await load();
    const word = `${uniqueWord()}longtail`;
    const id = randomUUID();
    await upsertCatalogueArtists(table(), [{ id, name: `${word} Orchestra` }], now);
    const page = { page: 1, limit: 10 };
    // Act
    const longWord = await searchCatalogueArtists(table(), word, page);
    const wrongEnding = await searchCatalogueArtists(table(), `${word}x`, page);
    await upsertCatalogueArtists(table(), [{ id, name: `Renamed ${uniqueWord()}` }], now);
    const afterRename = await searchCatalogueArtists(table(), word, page);
    // Assess
    expect(longWord.artists.map((artist) => artist.id)).toEqual([id]);
    expect(wrongEnding.total).toBe(0);
    expect(afterRename.total).toBe(0);
  });

  it('pages search results, most popular first', async () => {
    // Prepare
    const { upsertCatalogueArtists, searchCatalogueArtists } = await load();
    const word = uniqueWord();
    const artists = Array.from({ length: 7 }, (_, index) => ({
      id: randomUUID(),
      name: `${word} ${index}`,
      popularity: 10 * index,
    }));
    await upsertCatalogueArtists(table(), artists, now);
    const expected = [...artists].reverse().map((artist) => artist.id);
    // Act
    const first = await searchCatalogueArtists(table(), word, { page: 1, limit: 3 });
    const third = await searchCatalogueArtists(table(), word, { page: 3, limit: 3 });
    const beyond = await searchCatalogueArtists(table(), word, { page: 4, limit: 3 });
    // Assess
    expect(first.total).toBe(7);
    expect(first.artists.map((artist) => artist.id)).toEqual(expected.slice(0, 3));
    expect(third.artists.map((artist) => artist.id)).toEqual(expected.slice(6));
    expect(beyond.artists).toEqual([]);
  });

  it('matches names known only as text to the most popular catalogue artist of that normalised name', async () => {
    // Prepare
    const { upsertCatalogueArtists, findCatalogueArtistsByNames } = await load();
    const word = uniqueWord();
    const popular = randomUUID();
    await upsertCatalogueArtists(
      table(),
      [
        { id: randomUUID(), name: `Guns N' ${word}`, popularity: 10 },
        { id: popular, name: `Guns N' ${word}`, popularity: 80 },
      ],
      now,
    );
    // Act
    const found = await findCatalogueArtistsByNames(table(), [
      `GUNS N ${word.toUpperCase()}`,
      'Nobody Known',
    ]);
    // Assess
    expect([...found.entries()]).toEqual([[`guns n ${word}`, { id: popular, name: `Guns N' ${word}` }]]);
  });

  it('counts each fan once per artist and month', async () => {
    // Prepare
    const { markMonthlyListeners, countMonthlyListeners } =
      await import('../../functions/data/catalogue/monthly-listeners');
    const artistId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    // Act
    await markMonthlyListeners(table(), first, '2026-11-01', [artistId]);
    await markMonthlyListeners(table(), first, '2026-11-20', [artistId, artistId]);
    await markMonthlyListeners(table(), second, '2026-11-21', [artistId]);
    await markMonthlyListeners(table(), second, '2026-10-31', [artistId]);
    // Assess
    expect(await countMonthlyListeners(table(), artistId, '2026-11')).toBe(2);
    expect(await countMonthlyListeners(table(), artistId, '2026-10')).toBe(1);
    const marker = await client.send(
      new GetCommand({
        TableName: table().name,
        Key: { pk: `ARTIST_LISTENERS#${artistId}#2026-11`, sk: `FAN#${first}` },
      }),
    );
    expect(marker.Item?.expiresAt).toBe(Date.UTC(2027, 1, 1) / 1000);
  });
});
