// A successful claim releases the artist's held earnings to its office (decision 028), on DynamoDB
// Local: through staff's PATCH claims/{id}/status, run once, twice, twice at once, after a crash between the status
// change and the release, past one transaction's worth of lots, beside escrow aging, and for a split made after the
// claim. The money moves once; each fan gets one "artist joined" mail per claim. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StaffClaimDecision } from '../../functions/contracts/admin-claims';
import type { EscrowLot } from '../../functions/domain/money/escrow';
import { accountIdOf } from '../../functions/domain/money/ledger';
import { createFixedClock } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import { givenArtist } from '../support/factories/catalogue';
import { approveClaim, givenVerifiedClaim } from '../support/factories/claims';
import { givenHeldLots } from '../support/factories/escrow';
import { givenListening } from '../support/factories/fans';
import { givenPaidPie, splitDeps } from '../support/factories/funding';
import { balanceOf } from '../support/factories/ledger';
import { call, createSignedInAccount, dataOf, readOutbox } from '../support/identity';
import { testTable } from '../support/test-table';

const log = createLogger('silent');
const joinedSubject = (artistName: string) => `The artist you supported has joined: ${artistName}`;

async function releaseDeps(at = new Date()) {
  return { table: testTable(), clock: createFixedClock(at), siteOrigin: 'http://localhost:3000' };
}

const loadStaff = async () => (await import('../../functions/handlers/admin-claims')).handler;

async function lotsNow(lots: readonly EscrowLot[]): Promise<EscrowLot[]> {
  const { getEscrowLot } = await import('../../functions/data/escrow-lots');
  const table = testTable();
  return Promise.all(
    lots.map(async (lot) => {
      const now = await getEscrowLot(table, lot.pieId, lot.artistKey);
      if (!now) throw new Error('a lot vanished');
      return now;
    }),
  );
}

async function joinedMailsTo(email: string, artistName: string) {
  return (await readOutbox()).filter(
    (mail) => mail.to === email && mail.subject === joinedSubject(artistName),
  );
}

describe('a successful claim releases the held earnings', () => {
  it("moves every held lot to the office's payable in one transaction and mails each fan once", async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist();
    const [ana, ben] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    if (!ana || !ben) throw new Error('no fans');
    const lots = await givenHeldLots(artist, [
      { fanId: ana.userId, cents: 706 },
      { fanId: ana.userId, cents: 120 },
      { fanId: ben.userId, cents: 235 },
    ]);
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    // Act
    const result = await approveClaim(claim._id, staff);
    // Assess
    expect(result.statusCode).toBe(200);
    const decision = dataOf<StaffClaimDecision>(result);
    expect(decision.status).toBe('Successful');
    expect(decision.release).toEqual({ releasedLots: 3, releasedCents: 1061, fansMailed: 2 });
    expect(decision.heldEarnings).toEqual({ lots: 0, cents: 0 });
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(1061);
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(0);
    const released = await lotsNow(lots);
    expect(released.map((lot) => lot.status)).toEqual(['released', 'released', 'released']);
    for (const lot of released) {
      expect(lot).toMatchObject({ officeId: office._id, claimId: claim._id });
      expect(lot.releasedAt).toEqual(expect.any(String));
    }
    const { findHeldLotsOfArtist } = await import('../../functions/data/escrow-lots');
    expect(await findHeldLotsOfArtist(testTable(), `id:${artist.id}`)).toEqual([]);
    expect(await joinedMailsTo(ana.email, artist.name)).toHaveLength(1);
    expect(await joinedMailsTo(ben.email, artist.name)).toHaveLength(1);
    const [mail] = await joinedMailsTo(ana.email, artist.name);
    expect(mail?.text).toContain(`The artist you supported has joined: ${artist.name} is now on OpenPie.`);
    const { getTransaction } = await import('../../functions/services/ledger');
    const { transactionIdOf } = await import('../../functions/data/ledger');
    const first = [...lots].sort((a, b) => a.pieId.localeCompare(b.pieId))[0];
    const transaction = await getTransaction(
      { table: testTable() },
      transactionIdOf(`escrow-release:${claim._id}:${first?.pieId}:id:${artist.id}`),
    );
    expect(transaction.kind).toBe('escrow-release');
    expect(transaction.postings).toEqual([
      { accountId: accountIdOf('artist-earnings', artist.id), amountCents: -1061 },
      { accountId: accountIdOf('office-payable', office._id), amountCents: 1061 },
    ]);
  });

  it('releases once when staff approve twice in a row', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist();
    const fan = await createSignedInAccount('fan');
    await givenHeldLots(artist, [{ fanId: fan.userId, cents: 500 }]);
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    // Act
    const first = await approveClaim(claim._id, staff);
    const second = await approveClaim(claim._id, staff);
    // Assess
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(dataOf<StaffClaimDecision>(second).release).toEqual({
      releasedLots: 0,
      releasedCents: 0,
      fansMailed: 0,
    });
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(500);
    expect(await joinedMailsTo(fan.email, artist.name)).toHaveLength(1);
    const history = dataOf<StaffClaimDecision>(second).auditLog.map((entry) => entry.to);
    expect(history).toEqual(['Pending', 'Verified', 'Successful']);
  });

  it('releases once when two staff approve at the same time', async () => {
    // Prepare
    const [staffA, staffB] = [await createSignedInAccount('admin'), await createSignedInAccount('admin')];
    if (!staffA || !staffB) throw new Error('no staff');
    const artist = await givenArtist();
    const fans = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const lots = await givenHeldLots(
      artist,
      fans.flatMap((fan) => [
        { fanId: fan.userId, cents: 300 },
        { fanId: fan.userId, cents: 45 },
      ]),
    );
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    // Act
    const results = await Promise.all([approveClaim(claim._id, staffA), approveClaim(claim._id, staffB)]);
    // Assess
    expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
    const moved = results.map((result) => dataOf<StaffClaimDecision>(result).release?.releasedCents ?? 0);
    expect(moved[0]! + moved[1]!).toBe(690);
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(690);
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(0);
    expect((await lotsNow(lots)).every((lot) => lot.status === 'released')).toBe(true);
    for (const fan of fans) expect(await joinedMailsTo(fan.email, artist.name)).toHaveLength(1);
    const { getClaimWithHistory } = await import('../../functions/data/claims');
    const found = await getClaimWithHistory(testTable(), claim._id);
    expect(found?.history.filter((entry) => entry.to === 'Successful')).toHaveLength(1);
  });

  it('finishes the release when the status change was written and the release never ran (a crash between them)', async () => {
    // Prepare: the claim became Successful through the state machine, and the process died before releasing.
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist();
    const fan = await createSignedInAccount('fan');
    await givenHeldLots(artist, [
      { fanId: fan.userId, cents: 250 },
      { fanId: fan.userId, cents: 251 },
    ]);
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    const { moveClaim } = await import('../../functions/services/claims/claims');
    const { getClaim } = await import('../../functions/data/claims');
    const stored = await getClaim(testTable(), claim._id);
    if (!stored) throw new Error('no claim');
    await moveClaim(
      await releaseDeps(),
      stored,
      'Successful',
      { kind: 'staff', id: staff.userId },
      'Approved',
    );
    const detail = await call(await loadStaff(), 'GET', `/api/admin/claims/${claim._id}`, {
      cookies: [staff.cookie],
    });
    // Act
    const resumed = await approveClaim(claim._id, staff);
    // Assess
    expect(dataOf<StaffClaimDecision>(detail).heldEarnings).toEqual({ lots: 2, cents: 501 });
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(501);
    expect(dataOf<StaffClaimDecision>(resumed).release).toMatchObject({
      releasedLots: 2,
      releasedCents: 501,
    });
    expect(await joinedMailsTo(fan.email, artist.name)).toHaveLength(1);
  });

  it('finishes a release stopped after its first batch, and batches past 90 lots', async () => {
    // Prepare: 95 lots of one fan; the first 90 were released before a crash.
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist();
    const fan = await createSignedInAccount('fan');
    const lots = await givenHeldLots(
      artist,
      Array.from({ length: 95 }, (_, index) => ({ fanId: fan.userId, cents: 10 + index })),
    );
    const total = lots.reduce((sum, lot) => sum + lot.cents, 0);
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    const { moveClaim } = await import('../../functions/services/claims/claims');
    const { getClaim } = await import('../../functions/data/claims');
    const stored = await getClaim(testTable(), claim._id);
    if (!stored) throw new Error('no claim');
    const successful = await moveClaim(
      await releaseDeps(),
      stored,
      'Successful',
      { kind: 'staff', id: staff.userId },
      'Approved',
    );
    const { releaseLotsToClaim, lotsPerRelease } = await import('../../functions/services/claims/release');
    const ordered = [...lots].sort((a, b) => a.pieId.localeCompare(b.pieId));
    const partial = await releaseLotsToClaim(
      await releaseDeps(),
      successful,
      ordered.slice(0, lotsPerRelease),
      {
        mail: false,
      },
    );
    // Act
    const resumed = await approveClaim(claim._id, staff);
    // Assess
    expect(partial).toMatchObject({ releasedLots: 90, transactions: 1 });
    expect(dataOf<StaffClaimDecision>(resumed).release).toMatchObject({ releasedLots: 5 });
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(total);
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(0);
    expect((await lotsNow(lots)).filter((lot) => lot.status !== 'released')).toEqual([]);
  });

  it('releases the lots still held and leaves a lot escrow aging returned first with the fan', async () => {
    // Prepare
    const artist = await givenArtist();
    const [ana, ben] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    if (!ana || !ben) throw new Error('no fans');
    const lots = await givenHeldLots(artist, [
      { fanId: ana.userId, cents: 400 },
      { fanId: ben.userId, cents: 90 },
    ]);
    const returned = lots.find((lot) => lot.fanId === ben.userId);
    if (!returned) throw new Error('no lot');
    const { postTransactionAlongside } = await import('../../functions/services/ledger');
    const { buildReturnLotItems } = await import('../../functions/data/escrow-lots');
    const { buildEscrowReturnPostings, escrowReturnIdempotencyKey } =
      await import('../../functions/domain/money/escrow');
    await postTransactionAlongside(
      await releaseDeps(),
      {
        kind: 'escrow-return',
        idempotencyKey: escrowReturnIdempotencyKey(returned),
        postings: buildEscrowReturnPostings(returned),
      },
      buildReturnLotItems(testTable(), returned, new Date()),
    );
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    // Act: the release reads the lots from the index before the return is seen there, as a stale read would.
    const { releaseLotsToClaim } = await import('../../functions/services/claims/release');
    const counts = await releaseLotsToClaim(
      await releaseDeps(),
      { id: claim._id, officeId: office._id, artistId: artist.id, artistName: artist.name },
      lots,
    );
    // Assess
    expect(counts).toMatchObject({ releasedLots: 1, releasedCents: 400, fansMailed: 1 });
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(400);
    expect(await balanceOf(accountIdOf('pie-funds', returned.pieId))).toBe(90);
    expect((await lotsNow(lots)).map((lot) => [lot.fanId, lot.status])).toEqual([
      [ana.userId, 'released'],
      [ben.userId, 'returned'],
    ]);
    expect(await joinedMailsTo(ben.email, artist.name)).toHaveLength(0);
  });

  it('refuses to release for a claim that is not the successful one (409)', async () => {
    // Prepare
    const artist = await givenArtist();
    const fan = await createSignedInAccount('fan');
    await givenHeldLots(artist, [{ fanId: fan.userId, cents: 100 }]);
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    const { releaseHeldEarnings } = await import('../../functions/services/claims/release');
    // Act
    const attempt = releaseHeldEarnings(await releaseDeps(), {
      id: claim._id,
      officeId: office._id,
      artistId: artist.id,
      artistName: artist.name,
    });
    // Assess
    await expect(attempt).rejects.toMatchObject({ code: 'claim_not_successful' });
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(0);
  });
});

describe('a split after the claim', () => {
  it("sends a claimed artist's share straight to the office, once however often the split runs", async () => {
    // Prepare: a claimed catalogue artist and a name-only artist, listened to 1:1 in a paid $10 pie (net 941).
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist();
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    expect((await approveClaim(claim._id, staff)).statusCode).toBe(200);
    const fan = await createSignedInAccount('fan');
    const start = new Date(Date.UTC(2026, 2, 3, 15));
    const end = new Date(start.getTime() + 30 * 86_400_000);
    const pie = await givenPaidPie(fan.userId, start);
    await givenListening(fan.userId, start, [
      { day: 2, msPlayed: 300_000, artist: { artistId: artist.id, artistName: artist.name } },
      { day: 3, msPlayed: 300_000, artist: `Still Unclaimed ${randomUUID().slice(0, 6)}` },
    ]);
    const { splitEndedPie } = await import('../../functions/services/pie/pie-split');
    const deps = splitDeps(createFixedClock(end));
    // Act: the split, then the same split again (a redelivered message) and a resumed escrow step.
    const first = await splitEndedPie(deps, pie.id, { log });
    const again = await splitEndedPie(deps, pie.id, { log });
    const { listPieLots } = await import('../../functions/data/escrow-lots');
    const { releaseLotsOfClaimedArtists } = await import('../../functions/services/claims/release');
    await releaseLotsOfClaimedArtists(deps, await listPieLots(testTable(), pie.id));
    // Assess: 941 / 2 = 470.5 each, the split's rounding gives one of them the odd cent.
    expect(first).toMatchObject({ outcome: 'split', allocatedCents: 941 });
    expect(again).toMatchObject({ outcome: 'already_split' });
    const lots = await listPieLots(testTable(), pie.id);
    const claimedLot = lots.find((lot) => lot.artistId === artist.id);
    const heldLot = lots.find((lot) => lot.artistId !== artist.id);
    expect(claimedLot).toMatchObject({ status: 'released', officeId: office._id, claimId: claim._id });
    expect(heldLot?.status).toBe('held');
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(claimedLot?.cents);
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(0);
    const { readWalletSummary } = await import('../../functions/services/wallet/wallet');
    const summary = await readWalletSummary({ table: testTable() }, fan.userId);
    expect(summary.heldForUnclaimedCents).toBe(heldLot?.cents);
    const { getPie } = await import('../../functions/data/pies');
    expect((await getPie(testTable(), pie.id))?.receipt?.heldCents).toBe(heldLot?.cents);
    expect(await joinedMailsTo(fan.email, artist.name)).toHaveLength(0);
  });
});

describe('the daily sweep of lots a release left behind', () => {
  const runEscrowAging = async (runId: string) => {
    const { handler } = await import('../../events/jobs/escrow-aging');
    return handler({ job: 'escrow-aging', scheduledAt: new Date().toISOString(), runId });
  };

  it("releases a claimed artist's lot written as the claim was released, once however often the job runs", async () => {
    // Prepare: the claim is approved (its release finds nothing held); a split that read the claim's guard just
    // before it was written then leaves two lots held: one for months, one whose holding ended (due for return).
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist();
    const [ana, ben] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    if (!ana || !ben) throw new Error('no fans');
    const { claim, office } = await givenVerifiedClaim(artist.id, 'Lantern Office');
    const approved = await approveClaim(claim._id, staff);
    const lots = [
      ...(await givenHeldLots(artist, [{ fanId: ana.userId, cents: 333 }])),
      ...(await givenHeldLots(artist, [{ fanId: ben.userId, cents: 44 }], {
        heldUntil: new Date(Date.now() - 86_400_000).toISOString(),
      })),
    ];
    // Act
    const first = await runEscrowAging(`sweep-${randomUUID()}`);
    const second = await runEscrowAging(`sweep-${randomUUID()}`);
    // Assess: both go to the office (the due one too: a claimed artist's money never goes back to the fan)
    expect(dataOf<StaffClaimDecision>(approved).release).toMatchObject({ releasedLots: 0 });
    expect((await lotsNow(lots)).map((lot) => [lot.status, lot.officeId, lot.claimId])).toEqual([
      ['released', office._id, claim._id],
      ['released', office._id, claim._id],
    ]);
    expect(await balanceOf(accountIdOf('office-payable', office._id))).toBe(377);
    expect(await balanceOf(accountIdOf('artist-earnings', artist.id))).toBe(0);
    expect(await balanceOf(accountIdOf('pie-funds', lots[1]!.pieId))).toBe(0);
    expect(first.counts).toMatchObject({ sweptLots: 2, sweptCents: 377 });
    expect(second.counts).toMatchObject({ sweptLots: 0, sweptCents: 0 });
    // The sweep reads a claim's artist only while something is held for it: the second run reads no claim at all.
    expect(first.counts?.['sweptClaims']).toBeGreaterThanOrEqual(1);
    expect(second.counts).toMatchObject({ sweptClaims: 0 });
    expect(await joinedMailsTo(ana.email, artist.name)).toHaveLength(1);
    expect(await joinedMailsTo(ben.email, artist.name)).toHaveLength(1);
  });
});
