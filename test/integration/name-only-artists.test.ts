// An artist heard only by name is payable (docs/decisions/036-name-only-artists.md), on DynamoDB Local: money a split
// held for a name an import met, and the catalogue did not know, moves to the catalogue artist once the catalogue
// holds exactly one artist of the name (the escrow job), in one balanced ledger transaction with its lots, once however
// often or concurrently the job runs; a claim of the artist then releases it; a name several catalogue artists share
// stays held and is listed for staff, who may give it to one of them; escrow aging never returns a moved lot under
// the name. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { historyImportSchema } from '../../functions/contracts/listening';
import type { StoredPie } from '../../functions/data/pies';
import type { PlayToStore } from '../../functions/domain/listening/plays';
import { normalizeArtistName } from '../../functions/domain/listening/rules';
import type { EscrowLot } from '../../functions/domain/money/escrow';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { useOAuthSandbox } from '../support/oauth-sandbox-server';
import { testTable } from '../support/test-table';
import { createLogger } from '../../functions/runtime/logger';
import { artistsById, catalogue as sandboxCatalogue } from '../../local/spotify-sandbox/catalogue';
import { approveClaim, givenVerifiedClaim } from '../support/factories/claims';
import { givenNameLots, givenPaidPie, givenSplitPie, markPieSplitWith } from '../support/factories/funding';
import { balanceOf, walletBalanceOf } from '../support/factories/ledger';
import { createSignedInAccount } from '../support/identity';

const table = testTable;
const log = createLogger('silent');
const siteOrigin = 'http://localhost:3000';

// Spotify is the local sandbox, reached with OpenPie's client credentials like the deployed job reaches Spotify.
useOAuthSandbox();

/** Each test's pies run from their own day of 2026. */
function periodOf(day: number) {
  const start = new Date(Date.UTC(2026, 0, day, 15));
  const end = new Date(start.getTime() + 30 * 86_400_000);
  return { start, end };
}

function deps(at: Date) {
  return { table: table(), clock: createFixedClock(at), siteOrigin };
}

async function lotsOf(pieId: string): Promise<EscrowLot[]> {
  const { listPieLots } = await import('../../functions/data/escrow-lots');
  return listPieLots(table(), pieId);
}

/** A paid $10 pie (fee 59, net 941) of the fan, open over the period of `day`. */
async function paidPie(fanId: string, day: number): Promise<StoredPie> {
  return givenPaidPie(fanId, periodOf(day).start);
}

/** Imports extended-history records of the fan (5 minutes each, a day apart) through the history import. */
async function importPlays(
  fanId: string,
  day: number,
  artists: readonly string[],
  trackId?: string,
): Promise<void> {
  const { start, end } = periodOf(day);
  const records = artists.map((artist, index) => ({
    ts: new Date(start.getTime() + (index + 1) * 86_400_000).toISOString(),
    ms_played: 300_000,
    master_metadata_track_name: `Song ${index}`,
    master_metadata_album_artist_name: artist,
    master_metadata_album_album_name: 'Album',
    spotify_track_uri: `spotify:track:${trackId ?? randomUUID().replaceAll('-', '').slice(0, 22)}`,
  }));
  const { importListeningHistory } = await import('../../functions/services/listening/history-import');
  const result = await importListeningHistory(
    { table: table(), clock: createFixedClock(end) },
    fanId,
    historyImportSchema.parse({ source: 'spotify-extended', records }),
  );
  expect(result.imported).toBe(artists.length);
}

async function split(pie: StoredPie, day: number): Promise<EscrowLot[]> {
  await givenSplitPie(pie, periodOf(day).end);
  return lotsOf(pie.id);
}

async function learnArtists(artists: readonly { id: string; name: string }[]): Promise<void> {
  const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
  await upsertCatalogueArtists(table(), artists, new Date());
}

async function resolveNames(at: Date, { withSpotify = false }: { withSpotify?: boolean } = {}) {
  const { resolveNameOnlyArtists } = await import('../../functions/services/pie/name-only-artists');
  const { getSpotifyCatalogueApi } = await import('../../functions/services/catalogue/spotify-catalogue');
  const spotify = withSpotify ? await getSpotifyCatalogueApi() : null;
  return resolveNameOnlyArtists({ ...deps(at), spotify }, { log });
}

function spotifyId(): string {
  return randomUUID().replaceAll('-', '').slice(0, 22);
}

async function lotsOfArtist(artistKey: string): Promise<EscrowLot[]> {
  const { findHeldLotsOfArtist } = await import('../../functions/data/escrow-lots');
  return findHeldLotsOfArtist(table(), artistKey);
}

function centsOf(lots: readonly EscrowLot[], artistKey: string): number {
  return lots.filter((lot) => lot.artistKey === artistKey).reduce((sum, lot) => sum + lot.cents, 0);
}

describe('money held for an artist heard only by name', () => {
  it('moves to the catalogue artist once the catalogue learns the name, once however the job runs; a claim then releases it, and aging never returns it under the name', async () => {
    // Prepare: two fans import plays of a name the catalogue does not know, and of a name it will know twice.
    const day = 1;
    const suffix = randomUUID().slice(0, 6);
    const lateName = `Late Bloomer ${suffix}`;
    const twinName = `Twin Name ${suffix}`;
    const lateKey = `name:late bloomer ${suffix}`;
    const twinKey = `name:twin name ${suffix}`;
    const [first, second] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const firstPie = await paidPie(first.userId, day);
    const secondPie = await paidPie(second.userId, day);
    await importPlays(first.userId, day, [lateName, lateName, lateName, twinName]);
    await importPlays(second.userId, day, [lateName, twinName]);
    const lots = [...(await split(firstPie, day)), ...(await split(secondPie, day))];
    const lateCents = centsOf(lots, lateKey);
    const twinCents = centsOf(lots, twinKey);
    expect(lots.map((lot) => lot.artistKey).sort()).toEqual([lateKey, lateKey, twinKey, twinKey]);
    expect(lateCents + twinCents).toBe(1882);
    expect(await balanceOf(accountIdOf('artist-name-earnings', `late-bloomer-${suffix}`))).toBe(lateCents);
    const { end } = periodOf(day);
    const before = await resolveNames(end);
    const late = { id: spotifyId(), name: lateName };
    const twins = [
      { id: spotifyId(), name: twinName },
      { id: spotifyId(), name: twinName.toUpperCase() },
    ];
    await learnArtists([late, ...twins]);
    // Act: the job runs twice at once, then once more.
    const at = new Date(end.getTime() + 86_400_000);
    const runs = [...(await Promise.all([resolveNames(at), resolveNames(at)])), await resolveNames(at)];
    // Assess: nothing moved while the catalogue did not know the name.
    expect(before).toMatchObject({ movedLots: 0, resolved: 0 });
    expect(runs.reduce((sum, run) => sum + run.movedLots, 0)).toBe(2);
    expect(runs.reduce((sum, run) => sum + run.movedCents, 0)).toBe(lateCents);
    expect(runs.reduce((sum, run) => sum + run.transactions, 0)).toBe(1);
    expect(await balanceOf(accountIdOf('artist-name-earnings', `late-bloomer-${suffix}`))).toBe(0);
    expect(await balanceOf(accountIdOf('artist-earnings', late.id))).toBe(lateCents);
    const { listEntries, getTransaction } = await import('../../functions/services/ledger');
    const entries = await listEntries({ table: table() }, accountIdOf('artist-earnings', late.id));
    expect(entries.entries).toHaveLength(1);
    const move = await getTransaction({ table: table() }, entries.entries[0]?.transactionId ?? '');
    expect(move.kind).toBe('escrow-hold');
    expect(move.postings).toEqual(
      [
        { accountId: accountIdOf('artist-earnings', late.id), amountCents: lateCents },
        { accountId: accountIdOf('artist-name-earnings', `late-bloomer-${suffix}`), amountCents: -lateCents },
      ].sort((a, b) => a.accountId.localeCompare(b.accountId)),
    );
    const movedLots = [...(await lotsOf(firstPie.id)), ...(await lotsOf(secondPie.id))];
    expect(movedLots.filter((lot) => lot.artistKey === lateKey)).toEqual([]);
    expect(movedLots.filter((lot) => lot.artistKey === `id:${late.id}`)).toEqual(
      lots
        .filter((lot) => lot.artistKey === lateKey)
        .map((lot) => ({
          ...lot,
          artistKey: `id:${late.id}`,
          artistId: late.id,
          artistName: lateName,
          accountId: accountIdOf('artist-earnings', late.id),
        })),
    );
    const { findHeldLotsOfArtist } = await import('../../functions/data/escrow-lots');
    expect(await findHeldLotsOfArtist(table(), lateKey)).toEqual([]);
    expect((await findHeldLotsOfArtist(table(), `id:${late.id}`)).map((lot) => lot.cents).sort()).toEqual(
      lots
        .filter((lot) => lot.artistKey === lateKey)
        .map((lot) => lot.cents)
        .sort(),
    );

    // The ambiguous name stays held and is listed for staff, with the artists that share it.
    const { listNameOnlyArtistsWaiting, getNameOnlyArtist } =
      await import('../../functions/data/name-only-artists');
    expect(await findHeldLotsOfArtist(table(), twinKey)).toHaveLength(2);
    const waiting = await listNameOnlyArtistsWaiting(table(), { status: 'ambiguous' });
    expect(waiting.artists.find((artist) => artist.normalisedName === `twin name ${suffix}`)).toMatchObject({
      name: twinName,
      status: 'ambiguous',
      candidateIds: twins.map((twin) => twin.id).sort(),
      heldCents: twinCents,
    });
    expect(await getNameOnlyArtist(table(), `late bloomer ${suffix}`)).toMatchObject({
      status: 'resolved',
      artistId: late.id,
      resolvedBy: 'exact-name',
    });

    // A claim of the artist releases the moved lots to its office.
    const staff = await createSignedInAccount('admin');
    const { claim, office } = await givenVerifiedClaim(late.id);
    expect((await approveClaim(claim._id, staff)).statusCode).toBe(200);
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(lateCents);
    expect(await balanceOf(accountIdOf('artist-earnings', late.id))).toBe(0);

    // A year on, aging returns only the ambiguous name's lots, and nothing under the moved name.
    const { returnAgedLots } = await import('../../functions/services/pie/escrow-aging');
    const aged = new Date(Date.UTC(2027, end.getUTCMonth(), end.getUTCDate(), 16));
    const returned = await returnAgedLots(deps(aged), { log, now: aged });
    expect(returned).toMatchObject({ returned: 2, returnedCents: twinCents });
    expect((await walletBalanceOf(first.userId)) + (await walletBalanceOf(second.userId))).toBe(twinCents);
    const { getLedgerTransaction, transactionIdOf } = await import('../../functions/data/ledger');
    for (const pie of [firstPie, secondPie]) {
      const underName = transactionIdOf(`escrow-return:${pie.id}:${lateKey}`);
      expect(await getLedgerTransaction(table(), underName)).toBeNull();
    }
    // The next pass notes the returned name as holding nothing: out of the index of names noted holding.
    expect(await getNameOnlyArtist(table(), `twin name ${suffix}`)).toMatchObject({ heldIndexed: true });
    await resolveNames(aged);
    expect(await getNameOnlyArtist(table(), `twin name ${suffix}`)).toMatchObject({
      status: 'ambiguous',
      heldCents: 0,
      heldIndexed: false,
    });
  });

  it('returns a moved lot of an artist nobody claimed under the artist, once, when its holding ends', async () => {
    // Prepare
    const day = 40;
    const suffix = randomUUID().slice(0, 6);
    const name = `Quiet Riser ${suffix}`;
    const fan = await createSignedInAccount('fan');
    const pie = await paidPie(fan.userId, day);
    await importPlays(fan.userId, day, [name]);
    const [lot] = await split(pie, day);
    const artist = { id: spotifyId(), name };
    await learnArtists([artist]);
    const { end } = periodOf(day);
    await resolveNames(new Date(end.getTime() + 3_600_000));
    // Act
    const { returnAgedLots } = await import('../../functions/services/pie/escrow-aging');
    const aged = new Date(Date.UTC(2027, end.getUTCMonth(), end.getUTCDate(), 16));
    const runs = [
      await returnAgedLots(deps(aged), { log, now: aged }),
      await returnAgedLots(deps(aged), { log, now: aged }),
    ];
    // Assess
    expect(lot).toMatchObject({ artistKey: `name:quiet riser ${suffix}`, cents: 941 });
    expect(runs.map((run) => run.returned)).toEqual([1, 0]);
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(0);
    expect(await balanceOf(accountIdOf('artist-name-earnings', `quiet-riser-${suffix}`))).toBe(0);
    expect((await lotsOf(pie.id)).map((each) => [each.artistKey, each.status])).toEqual([
      [`id:${artist.id}`, 'returned'],
    ]);
  });

  it('adds a name’s money to the pie’s lot of the same artist when the pie paid the artist under both', async () => {
    // Prepare: a synced play names the artist by id, an imported one only by name (the catalogue did not know it).
    const day = 80;
    const suffix = randomUUID().slice(0, 6);
    const name = `Both Ways ${suffix}`;
    const artist = { id: spotifyId(), name };
    const fan = await createSignedInAccount('fan');
    const pie = await paidPie(fan.userId, day);
    const { start } = periodOf(day);
    const { savePlays, recomputeDailyListening } = await import('../../functions/data/listening');
    const synced: PlayToStore = {
      endedAt: new Date(start.getTime() + 10 * 86_400_000).toISOString(),
      msPlayed: 300_000,
      trackName: 'Synced',
      artists: [{ artistId: artist.id, artistName: name }],
      source: 'spotify',
      identity: `spotify:${randomUUID()}`,
    };
    const saved = await savePlays(table(), fan.userId, [synced]);
    await recomputeDailyListening(table(), fan.userId, saved.days);
    await importPlays(fan.userId, day, [name, name, name]);
    const lots = await split(pie, day);
    await learnArtists([artist]);
    // Act
    const counts = await resolveNames(new Date(periodOf(day).end.getTime() + 3_600_000));
    // Assess: 941 × 1/4 → 235 by id, 706 by name; after the move one lot of 941.
    expect(lots.map((lot) => [lot.artistKey, lot.cents]).sort()).toEqual(
      [
        [`id:${artist.id}`, 235],
        [`name:both ways ${suffix}`, 706],
      ].sort(),
    );
    expect(counts).toMatchObject({ movedLots: 1, movedCents: 706 });
    expect((await lotsOf(pie.id)).map((lot) => [lot.artistKey, lot.cents, lot.status])).toEqual([
      [`id:${artist.id}`, 941, 'held'],
    ]);
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(941);
    expect(await balanceOf(accountIdOf('artist-name-earnings', `both-ways-${suffix}`))).toBe(0);
  });

  it('lets staff give an ambiguous name to one of the artists that share it, and to no other', async () => {
    // Prepare
    const day = 120;
    const suffix = randomUUID().slice(0, 6);
    const name = `Shared Name ${suffix}`;
    const fan = await createSignedInAccount('fan');
    const pie = await paidPie(fan.userId, day);
    await importPlays(fan.userId, day, [name]);
    await split(pie, day);
    const twins = [
      { id: spotifyId(), name },
      { id: spotifyId(), name },
    ];
    const stranger = { id: spotifyId(), name: `Someone Else ${suffix}` };
    await learnArtists([...twins, stranger]);
    const at = new Date(periodOf(day).end.getTime() + 3_600_000);
    const job = await resolveNames(at);
    const { resolveNameOnlyArtist } = await import('../../functions/services/pie/name-only-artists');
    const staff = { staffId: 'staff-1', reason: 'The label confirmed the artist' };
    // Act
    const refusals = await Promise.allSettled([
      resolveNameOnlyArtist(deps(at), { ...staff, name, artistId: stranger.id }),
      resolveNameOnlyArtist(deps(at), { ...staff, name, artistId: 'no-such-artist' }),
      resolveNameOnlyArtist(deps(at), { ...staff, name: '!!!', artistId: twins[0]?.id ?? '' }),
      resolveNameOnlyArtist(deps(at), { ...staff, name, artistId: twins[0]?.id ?? '', reason: ' ' }),
    ]);
    const chosen = await resolveNameOnlyArtist(deps(at), { ...staff, name, artistId: twins[1]?.id ?? '' });
    const again = await resolveNameOnlyArtist(deps(at), { ...staff, name, artistId: twins[1]?.id ?? '' });
    const other = resolveNameOnlyArtist(deps(at), { ...staff, name, artistId: twins[0]?.id ?? '' });
    // Assess
    expect(job).toMatchObject({ movedLots: 0 });
    expect(
      refusals.map((outcome) =>
        outcome.status === 'rejected' ? (outcome.reason as { code: string }).code : 'accepted',
      ),
    ).toEqual(['name_does_not_match', 'not_found', 'validation_failed', 'validation_failed']);
    expect(chosen).toMatchObject({ movedLots: 1, movedCents: 941, artistId: twins[1]?.id });
    expect(again).toMatchObject({ movedLots: 0, movedCents: 0 });
    await expect(other).rejects.toMatchObject({ code: 'name_already_resolved' });
    expect(await balanceOf(accountIdOf('artist-earnings', twins[1]?.id ?? ''))).toBe(941);
    const { getNameOnlyArtist, listNameOnlyArtistsWaiting } =
      await import('../../functions/data/name-only-artists');
    expect(await getNameOnlyArtist(table(), `shared name ${suffix}`)).toMatchObject({
      status: 'resolved',
      resolvedBy: 'staff',
      staffId: 'staff-1',
      staffReason: 'The label confirmed the artist',
    });
    const listed = await listNameOnlyArtistsWaiting(table(), { status: 'ambiguous' });
    expect(listed.artists.map((artist) => artist.normalisedName)).not.toContain(`shared name ${suffix}`);
  });

  it('resolves a name through Spotify’s track lookup of the track it was heard on, though the catalogue holds others of the name', async () => {
    // Prepare: the export names a sandbox artist the catalogue does not know, on one of its tracks.
    const day = 160;
    const track = sandboxCatalogue.tracks.find((each) => each.artistIds.length === 1);
    const artist = artistsById.get(track?.artistIds[0] ?? '');
    if (!track || !artist) throw new Error('The sandbox catalogue has no single-artist track');
    const fan = await createSignedInAccount('fan');
    const pie = await paidPie(fan.userId, day);
    await importPlays(fan.userId, day, [artist.name], track.id);
    await split(pie, day);
    const decoys = [
      { id: spotifyId(), name: artist.name },
      { id: spotifyId(), name: artist.name },
    ];
    await learnArtists(decoys);
    const at = new Date(periodOf(day).end.getTime() + 3_600_000);
    // Act
    const byName = await resolveNames(at);
    const byTrack = await resolveNames(at, { withSpotify: true });
    // Assess: by name alone the name is ambiguous; the track names its one artist, whom the catalogue learns.
    expect(byName).toMatchObject({ movedLots: 0 });
    expect(byTrack).toMatchObject({ movedLots: 1, movedCents: 941 });
    const { getNameOnlyArtist } = await import('../../functions/data/name-only-artists');
    expect(await getNameOnlyArtist(table(), normalizeArtistName(artist.name))).toMatchObject({
      status: 'resolved',
      artistId: artist.id,
      resolvedBy: 'spotify-track',
      sampleTrackId: track.id,
    });
    const { getCatalogueArtist } = await import('../../functions/data/catalogue/artists');
    expect(await getCatalogueArtist(table(), artist.id)).toMatchObject({ id: artist.id, name: artist.name });
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(941);
    expect((await lotsOf(pie.id)).map((lot) => [lot.artistKey, lot.cents])).toEqual([
      [`id:${artist.id}`, 941],
    ]);
  });

  it('moves a name held for more lots than one transaction takes in batches, and finishes a run that stopped half-way', async () => {
    // Prepare: 50 lots held for one name (as 50 splits leave them), and the one catalogue artist of the name.
    const suffix = randomUUID().slice(0, 6);
    const name = `Many Fans ${suffix}`;
    const nameKey = `name:many fans ${suffix}`;
    const nameAccount = accountIdOf('artist-name-earnings', `many-fans-${suffix}`);
    const lots = await givenNameLots(name, 50);
    const { registerNameOnlyArtists } = await import('../../functions/data/name-only-artists');
    await registerNameOnlyArtists(table(), [{ normalisedName: `many fans ${suffix}`, name }], new Date());
    const artist = { id: spotifyId(), name };
    await learnArtists([artist]);
    const at = new Date('2026-07-01T00:00:00.000Z');
    const { resolveNameOnlyArtists } = await import('../../functions/services/pie/name-only-artists');
    let writes = 0;
    // Act: a run out of time starts nothing; the next dies before its second batch's write; the one after finishes.
    const outOfTime = await resolveNameOnlyArtists(deps(at), { log, budgetMs: -1 });
    const stopped = resolveNameOnlyArtists(
      {
        ...deps(at),
        failBeforeChunk: () => {
          writes += 1;
          if (writes === 2) throw new Error('the job stopped');
        },
      },
      { log },
    );
    await expect(stopped).rejects.toThrow('the job stopped');
    const halfway = await balanceOf(accountIdOf('artist-earnings', artist.id));
    const resumed = await resolveNameOnlyArtists(deps(at), { log });
    // Assess
    expect(outOfTime).toMatchObject({ complete: false, names: 0, movedLots: 0 });
    // 45 lots in the first batch (in pie order), 5 in the second; 50 × 100 + (0 + … + 49) = 6,225 cents.
    const inKeyOrder = [...lots].sort((a, b) => a.pieId.localeCompare(b.pieId));
    expect(halfway).toBe(inKeyOrder.slice(0, 45).reduce((sum, lot) => sum + lot.cents, 0));
    expect(resumed).toMatchObject({ movedLots: 5, transactions: 1 });
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(6225);
    expect(await balanceOf(nameAccount)).toBe(0);
    const { findHeldLotsOfArtist } = await import('../../functions/data/escrow-lots');
    expect(await findHeldLotsOfArtist(table(), nameKey)).toEqual([]);
    expect(await findHeldLotsOfArtist(table(), `id:${artist.id}`)).toHaveLength(50);
    const { listEntries } = await import('../../functions/services/ledger');
    const entries = await listEntries({ table: table() }, accountIdOf('artist-earnings', artist.id));
    expect(entries.entries).toHaveLength(2);
  });

  it('reads what is held once a pass, not once a name: 40 more names heard alone with nothing held add no read of held lots', async () => {
    // Prepare: one name with money held and its catalogue artist, then the pass's reads of held lots counted.
    const suffix = randomUUID().slice(0, 6);
    const name = `Held Once ${suffix}`;
    await givenNameLots(name, 2);
    const { registerNameOnlyArtists } = await import('../../functions/data/name-only-artists');
    await registerNameOnlyArtists(table(), [{ normalisedName: `held once ${suffix}`, name }], new Date());
    const artist = { id: spotifyId(), name };
    await learnArtists([artist]);
    const heldReads = { count: 0 };
    const counter = 'countHeldLotReads';
    table().client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { IndexName?: string };
        if (input.IndexName === 'gsi1' || input.IndexName === 'gsi2') heldReads.count += 1;
        return next(args);
      },
      { step: 'initialize', name: counter },
    );
    const at = new Date('2026-07-01T00:00:00.000Z');
    try {
      await resolveNames(at);
      const fewNames = heldReads.count;
      // Act: 40 more names, nothing held for any of them, and the pass again.
      await registerNameOnlyArtists(
        table(),
        Array.from({ length: 40 }, (_, index) => ({
          normalisedName: `nothing held ${index} ${suffix}`,
          name: `Nothing Held ${index} ${suffix}`,
        })),
        new Date(),
      );
      heldReads.count = 0;
      const counts = await resolveNames(at);
      // Assess: the held index read as often as with the few names (its shards), none of the 40 names read alone.
      expect(counts.complete).toBe(true);
      expect(heldReads.count).toBeLessThanOrEqual(fewNames);
    } finally {
      table().client.middlewareStack.remove(counter);
    }
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(
      (await lotsOfArtist(`id:${artist.id}`)).reduce((sum, lot) => sum + lot.cents, 0),
    );
  });

  it('finds the names with money from the held lots, never by reading every name of a status: 40 more names with nothing held add no read', async () => {
    // Prepare: one name with money held, an ambiguous name noted holding, and 40 names nothing is held for.
    const suffix = randomUUID().slice(0, 6);
    const name = `Found By Lots ${suffix}`;
    await givenNameLots(name, 2);
    const { registerNameOnlyArtists, getNameOnlyArtist } =
      await import('../../functions/data/name-only-artists');
    await registerNameOnlyArtists(
      table(),
      [
        { normalisedName: `found by lots ${suffix}`, name },
        ...Array.from({ length: 40 }, (_, index) => ({
          normalisedName: `never held ${index} ${suffix}`,
          name: `Never Held ${index} ${suffix}`,
        })),
      ],
      new Date(),
    );
    const artist = { id: spotifyId(), name };
    await learnArtists([artist]);
    const reads: string[] = [];
    const counter = 'countNameReads';
    table().client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { ExpressionAttributeValues?: Record<string, unknown> };
        const partition = input.ExpressionAttributeValues?.[':pk'];
        if (typeof partition === 'string' && partition.startsWith('NAME_ONLY')) reads.push(partition);
        return next(args);
      },
      { step: 'initialize', name: counter },
    );
    const at = new Date('2026-07-01T00:00:00.000Z');
    try {
      // Act
      const counts = await resolveNames(at);
      // Assess: the name with money moved to its artist; the only read of names is the index of names noted holding.
      expect(counts.complete).toBe(true);
      expect(reads.every((partition) => partition === 'NAME_ONLY_HELD')).toBe(true);
    } finally {
      table().client.middlewareStack.remove(counter);
    }
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(201);
    expect(await getNameOnlyArtist(table(), `never held 0 ${suffix}`)).toMatchObject({
      status: 'waiting',
      heldCents: 0,
      checkedAt: null,
    });
  });

  it('lets staff resolve a name money is held for though no import registered it (404 for a name nothing is held for); lots of a split not finished move once it is', async () => {
    // Prepare
    const suffix = randomUUID().slice(0, 6);
    const name = `Old Import ${suffix}`;
    const lots = await givenNameLots(name, 2, { splitFinished: false });
    const artist = { id: spotifyId(), name };
    await learnArtists([artist]);
    const { resolveNameOnlyArtist } = await import('../../functions/services/pie/name-only-artists');
    const staff = { staffId: 'staff-2', reason: 'Plays imported before names were registered' };
    const at = new Date('2026-07-01T00:00:00.000Z');
    // Act
    const unknown = await resolveNameOnlyArtist(deps(at), {
      ...staff,
      name: `Never Heard ${suffix}`,
      artistId: artist.id,
    }).catch((error: unknown) => error);
    const resolved = await resolveNameOnlyArtist(deps(at), { ...staff, name, artistId: artist.id });
    for (const lot of lots) await markPieSplitWith(lot.pieId, lot.cents);
    const later = await resolveNames(at);
    // Assess: the lots wait until their splits finish, then the job moves them to the name's artist.
    expect(unknown).toMatchObject({ code: 'not_found' });
    expect(resolved).toMatchObject({ movedLots: 0, unsplitLots: 2, transactions: 0 });
    expect(later).toMatchObject({ movedLots: 2, movedCents: 201, transactions: 1 });
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(201);
    const { getNameOnlyArtist } = await import('../../functions/data/name-only-artists');
    expect(await getNameOnlyArtist(table(), `old import ${suffix}`)).toMatchObject({
      status: 'resolved',
      artistId: artist.id,
      resolvedBy: 'staff',
    });
  });
});
