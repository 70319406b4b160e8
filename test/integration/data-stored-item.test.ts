// Stored items are read back through the zod schemas of what their modules write (functions/data/stored-item.ts), on
// DynamoDB Local: an item whose stored shape is not its entity's is refused with an internal error naming the entity,
// rather than coerced (`String(…)`, `Number(…)`) into a value nobody stored.
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { getCatalogueArtist, getCatalogueArtists } from '../../functions/data/catalogue/artists';
import { getCachedTopTracks } from '../../functions/data/catalogue/top-tracks';
import {
  artistKey,
  artistTopTracksKey,
  connectionKey,
  dailyListeningSortKey,
  fanPartition,
  linkTokenKey,
  nameOnlyArtistKey,
  outboxKey,
  playSortKey,
  sessionKey,
  spotifySyncStateKey,
} from '../../functions/data/keys';
import { useLinkToken } from '../../functions/data/link-tokens';
import { getDailyListening, listPlaysBetween } from '../../functions/data/listening';
import { getNameOnlyArtist } from '../../functions/data/name-only-artists';
import { getOutboxEvent, getOutboxMail } from '../../functions/data/outbox';
import { isSessionLive } from '../../functions/data/sessions';
import { getSpotifyConnectionForSync, getSpotifySyncState } from '../../functions/data/spotify-sync';
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

const now = new Date('2026-11-20T10:00:00.000Z');
const endedAt = '2026-11-20T10:00:00.000Z';
const play = { entity: 'play', v: 1, endedAt, artists: [{ artistName: 'Odetta' }] };

/** An item stored (under a new id) in a shape that is not its entity's, the read that must refuse it, and the entity. */
interface Refusal {
  stored: (id: string) => Record<string, unknown>;
  read: (id: string) => Promise<unknown>;
  entity: string;
}

const refusals: [string, Refusal][] = [
  [
    'an artist whose popularity is stored as text',
    {
      stored: (id) => ({
        ...artistKey(id),
        entity: 'catalogue-artist',
        v: 1,
        id,
        name: 'Odetta',
        popularity: '71',
      }),
      read: (id) => getCatalogueArtists(testTable(), [id]),
      entity: 'catalogue artist',
    },
  ],
  [
    'kept top tracks without the time Spotify was asked',
    {
      stored: (id) => ({ ...artistTopTracksKey(id), entity: 'artist-top-tracks', v: 1, tracks: [] }),
      read: (id) => getCachedTopTracks(testTable(), id),
      entity: 'artist top tracks',
    },
  ],
  [
    'a session whose end is stored as text (it was read as ended before)',
    {
      stored: (id) => ({ ...sessionKey('fan', id, 's1'), entity: 'session', v: 1, expiresAt: '1900000000' }),
      read: (id) => isSessionLive(testTable(), 'fan', id, 's1', now),
      entity: 'session',
    },
  ],
  [
    'a link token without its person (it was read as the text "undefined" before)',
    {
      stored: (id) => ({
        ...linkTokenKey(id),
        entity: 'link-token',
        v: 1,
        purpose: 'verify-email',
        kind: 'fan',
        createdAt: now.toISOString(),
        expiresAt: 1_900_000_000,
      }),
      read: (id) => useLinkToken(testTable(), { tokenHash: id, purpose: 'verify-email', kind: 'fan', now }),
      entity: 'link token',
    },
  ],
  [
    'a mail of the outbox whose links are one text, not a list',
    {
      stored: (id) => ({
        ...outboxKey(id),
        entity: 'outbox-mail',
        v: 2,
        id,
        kind: 'verify-email',
        to: 'fan@example.com',
        subject: 'Hello',
        text: 'Hello',
        html: '<p>Hello</p>',
        links: 'https://example.com',
        createdAt: now.toISOString(),
      }),
      read: (id) => getOutboxMail(testTable(), id),
      entity: 'outbox mail',
    },
  ],
  [
    'an event of the outbox whose detail is an object, not the JSON text the outbox writes',
    {
      stored: (id) => ({
        ...outboxKey(id),
        entity: 'outbox-event',
        v: 1,
        id,
        type: 'claim.reported',
        detail: { claimId: 'c1' },
        occurredAt: now.toISOString(),
      }),
      read: (id) => getOutboxEvent(testTable(), id),
      entity: 'outbox event',
    },
  ],
  [
    'a Spotify sync state whose account id is a number',
    {
      stored: (id) => ({ ...spotifySyncStateKey(id), entity: 'spotify-sync', v: 1, providerUserId: 42 }),
      read: (id) => getSpotifySyncState(testTable(), id),
      entity: 'spotify sync state',
    },
  ],
  [
    'a name-only artist whose held cents are stored as text',
    {
      stored: (id) => ({
        ...nameOnlyArtistKey(`name ${id}`),
        entity: 'name-only-artist',
        v: 1,
        normalisedName: `name ${id}`,
        name: `name ${id}`,
        status: 'waiting',
        heldCents: '120',
        firstSeenAt: now.toISOString(),
      }),
      read: (id) => getNameOnlyArtist(testTable(), `name ${id}`),
      entity: 'name-only artist',
    },
  ],
  [
    'a play whose time played is text',
    {
      stored: (id) => ({ pk: fanPartition(id), sk: playSortKey(endedAt, 'bad'), ...play, msPlayed: '61000' }),
      read: (id) => listPlaysBetween(testTable(), id, '2026-11-20', '2026-11-21'),
      entity: 'play',
    },
  ],
  [
    'a day whose count of plays is text',
    {
      stored: (id) => ({
        pk: fanPartition(id),
        sk: dailyListeningSortKey('2026-11-20'),
        entity: 'daily-listening',
        v: 1,
        date: '2026-11-20',
        plays: '1',
        msPlayed: 61_000,
        artists: [],
      }),
      read: (id) => getDailyListening(testTable(), id, '2026-11-20', '2026-11-20'),
      entity: 'daily listening',
    },
  ],
];

describe('stored items read through their schemas', () => {
  it.each(refusals)('refuses %s', async (_, { stored, read, entity }) => {
    // Prepare
    const id = randomUUID();
    await storeRaw(stored(id));

    // Act
    const reading = read(id);

    // Assess
    await expectCorrupt(reading, entity);
  });

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

  it('reads a Spotify connection kept before its tokens were', async () => {
    // Prepare
    const fanId = randomUUID();
    await storeRaw({
      ...connectionKey('fan', fanId, 'spotify'),
      entity: 'connection',
      v: 1,
      providerUserId: 'sp-1',
    });

    // Act
    const connection = await getSpotifyConnectionForSync(testTable(), fanId);

    // Assess
    expect(connection).toEqual({
      providerUserId: 'sp-1',
      sealedTokens: null,
      accessTokenExpiresAt: null,
      status: 'ok',
      brokenAt: null,
    });
  });

  it('reads a play kept before its source was as an import', async () => {
    // Prepare
    const fanId = randomUUID();
    await storeRaw({ pk: fanPartition(fanId), sk: playSortKey(endedAt, 'old'), ...play, msPlayed: 61_000 });

    // Act
    const plays = await listPlaysBetween(testTable(), fanId, '2026-11-20', '2026-11-21');

    // Assess
    expect(plays).toEqual([
      { endedAt, msPlayed: 61_000, artists: [{ artistName: 'Odetta' }], source: 'import' },
    ]);
  });
});
