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

describe('identity, mail and sync items read through their schemas', () => {
  const now = new Date('2026-11-20T10:00:00.000Z');

  it('refuses a session whose end is stored as text (it was read as ended before)', async () => {
    // Prepare
    const userId = randomUUID();
    await storeRaw({ ...sessionKey('fan', userId, 's1'), entity: 'session', v: 1, expiresAt: '1900000000' });

    // Act
    const read = isSessionLive(testTable(), 'fan', userId, 's1', now);

    // Assess
    await expectCorrupt(read, 'session');
  });

  it('refuses a link token without its person (it was read as the text "undefined" before)', async () => {
    // Prepare
    const tokenHash = randomUUID();
    await storeRaw({
      ...linkTokenKey(tokenHash),
      entity: 'link-token',
      v: 1,
      purpose: 'verify-email',
      kind: 'fan',
      createdAt: now.toISOString(),
      expiresAt: 1_900_000_000,
    });

    // Act
    const read = useLinkToken(testTable(), { tokenHash, purpose: 'verify-email', kind: 'fan', now });

    // Assess
    await expectCorrupt(read, 'link token');
  });

  it('refuses a mail and an event of the outbox whose fields are of another type', async () => {
    // Prepare
    const [mailId, eventId] = [randomUUID(), randomUUID()];
    await storeRaw({
      ...outboxKey(mailId),
      entity: 'outbox-mail',
      v: 2,
      id: mailId,
      kind: 'verify-email',
      to: 'fan@example.com',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
      links: 'https://example.com',
      createdAt: now.toISOString(),
    });
    await storeRaw({
      ...outboxKey(eventId),
      entity: 'outbox-event',
      v: 1,
      id: eventId,
      type: 'claim.reported',
      detail: { claimId: 'c1' },
      occurredAt: now.toISOString(),
    });

    // Act and assess
    await expectCorrupt(getOutboxMail(testTable(), mailId), 'outbox mail');
    await expectCorrupt(getOutboxEvent(testTable(), eventId), 'outbox event');
  });

  it('reads a Spotify connection kept before its tokens were, and refuses a sync state of another account type', async () => {
    // Prepare
    const [oldFan, badFan] = [randomUUID(), randomUUID()];
    await storeRaw({
      ...connectionKey('fan', oldFan, 'spotify'),
      entity: 'connection',
      v: 1,
      providerUserId: 'sp-1',
    });
    await storeRaw({ ...spotifySyncStateKey(badFan), entity: 'spotify-sync', v: 1, providerUserId: 42 });

    // Act
    const connection = await getSpotifyConnectionForSync(testTable(), oldFan);
    const state = getSpotifySyncState(testTable(), badFan);

    // Assess
    expect(connection).toEqual({ providerUserId: 'sp-1', sealedTokens: null, status: 'ok', brokenAt: null });
    await expectCorrupt(state, 'spotify sync state');
  });

  it('refuses a name-only artist whose held cents are stored as text', async () => {
    // Prepare
    const name = `name ${randomUUID()}`;
    await storeRaw({
      ...nameOnlyArtistKey(name),
      entity: 'name-only-artist',
      v: 1,
      normalisedName: name,
      name,
      status: 'waiting',
      heldCents: '120',
      firstSeenAt: now.toISOString(),
    });

    // Act
    const read = getNameOnlyArtist(testTable(), name);

    // Assess
    await expectCorrupt(read, 'name-only artist');
  });
});

describe('plays and day totals read through their schemas', () => {
  it('reads a play kept before its source was as an import, and refuses a play or a day whose counts are text', async () => {
    // Prepare
    const [oldFan, badFan] = [randomUUID(), randomUUID()];
    const endedAt = '2026-11-20T10:00:00.000Z';
    const play = { entity: 'play', v: 1, endedAt, artists: [{ artistName: 'Odetta' }] };
    await storeRaw({ pk: fanPartition(oldFan), sk: playSortKey(endedAt, 'old'), ...play, msPlayed: 61_000 });
    await storeRaw({ pk: fanPartition(badFan), sk: playSortKey(endedAt, 'bad'), ...play, msPlayed: '61000' });
    await storeRaw({
      pk: fanPartition(badFan),
      sk: dailyListeningSortKey('2026-11-20'),
      entity: 'daily-listening',
      v: 1,
      date: '2026-11-20',
      plays: '1',
      msPlayed: 61_000,
      artists: [],
    });

    // Act
    const plays = await listPlaysBetween(testTable(), oldFan, '2026-11-20', '2026-11-21');

    // Assess
    expect(plays).toEqual([
      { endedAt, msPlayed: 61_000, artists: [{ artistName: 'Odetta' }], source: 'import' },
    ]);
    await expectCorrupt(listPlaysBetween(testTable(), badFan, '2026-11-20', '2026-11-21'), 'play');
    await expectCorrupt(
      getDailyListening(testTable(), badFan, '2026-11-20', '2026-11-20'),
      'daily listening',
    );
  });
});
