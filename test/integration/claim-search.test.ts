// The artist area's claim search through its handler, on DynamoDB Local with Spotify played by the local sandbox
// (client credentials): two artists of one name are told apart by picture, genres, followers, OpenPie fans listening
// this month and a top track, and each says what fans' pies hold for them until a claim (a real split holds it).
// The ledger audit runs after the file.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClaimSearchArtist } from '../../functions/contracts/artists';
import { useOAuthSandbox } from '../support/oauth-sandbox-server';
import { testTable } from '../support/test-table';
import { catalogue as sandboxCatalogue, tracksOfArtist } from '../../local/spotify-sandbox/catalogue';
import { givenListening } from '../support/factories/fans';
import { givenPaidPie, givenSplitPie } from '../support/factories/funding';
import { call, createSignedInAccount, dataOf } from '../support/identity';

useOAuthSandbox();
const table = testTable;
const dayMs = 86_400_000;

/** A word no other test uses, so the search sees only this test's artists. */
const uniqueWord = () =>
  `z${[...randomBytes(10)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;

/**
 * A paid $10 pie (fee 59, net 941) of a new fan, all its listening on one catalogue artist, split. The pie ends when
 * this UTC month began, so its listening is always last month's and the fan does not count as listening this month
 * (a pie ending now had its listening in this month on the 29th to the 31st).
 */
async function splitPieFor(artist: { id: string; name: string }): Promise<void> {
  const fanId = randomUUID();
  const now = new Date();
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(end.getTime() - 30 * dayMs);
  const pie = await givenPaidPie(fanId, start);
  await givenListening(fanId, start, [
    { day: 2, msPlayed: 300_000, artist: { artistId: artist.id, artistName: artist.name } },
  ]);
  await givenSplitPie(pie, end);
}

describe('GET /api/for-artists/search for a claim', () => {
  it('tells two artists of one name apart and says what is held for each', async () => {
    // Prepare: two catalogue artists of one name, each with a Spotify id the sandbox knows (so each has top tracks).
    const [first, second] = [sandboxCatalogue.artists[40], sandboxCatalogue.artists[41]];
    if (!first || !second) throw new Error('The sandbox catalogue is smaller than expected');
    const name = `${uniqueWord()} Twins`;
    const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
    await upsertCatalogueArtists(
      table(),
      [
        {
          id: first.id,
          name,
          imageUrl: '/images/one.svg',
          popularity: 60,
          followers: 12_000,
          genres: ['jazz'],
        },
        {
          id: second.id,
          name,
          imageUrl: '/images/two.svg',
          popularity: 20,
          followers: 300,
          genres: ['metal'],
        },
      ],
      new Date(),
    );
    await splitPieFor({ id: first.id, name });
    const { markMonthlyListeners } = await import('../../functions/data/catalogue/monthly-listeners');
    const today = new Date().toISOString().slice(0, 10);
    await markMonthlyListeners(table(), randomUUID(), today, [second.id]);
    await markMonthlyListeners(table(), randomUUID(), today, [second.id]);
    const handler = (await import('../../functions/handlers/artist-search')).handler;
    const artist = await createSignedInAccount('artist');
    // Act
    const reply = await call(handler, 'GET', '/api/for-artists/search', {
      query: { search_term: name },
      cookies: [artist.cookie],
    });
    // Assess
    expect(reply.statusCode).toBe(200);
    const found = dataOf<ClaimSearchArtist[]>(reply);
    expect(found.map((entry) => entry.id)).toEqual([first.id, second.id]);
    expect(found[0]).toMatchObject({
      name,
      imageUrl: '/images/one.svg',
      genres: ['jazz'],
      followers: 12_000,
      claimed: false,
      fansListeningThisMonth: 0,
      topTrack: {
        name: tracksOfArtist(first.id)[0]?.name,
        spotifyUrl: `https://open.spotify.com/track/${tracksOfArtist(first.id)[0]?.id ?? ''}`,
      },
      held: { cents: 941, fanCount: 1 },
    });
    expect(found[1]).toMatchObject({
      name,
      imageUrl: '/images/two.svg',
      genres: ['metal'],
      followers: 300,
      fansListeningThisMonth: 2,
      topTrack: { name: tracksOfArtist(second.id)[0]?.name },
      held: { cents: 0, fanCount: 0 },
    });
  });
});
