// Staff decide claims through the admin-claims handler (decision 028), on DynamoDB Local: the
// queue by status with search and pages, one claim with its attempts, the fans' reports and the audit log, status
// changes only through the state machine (illegal → 409 naming the allowed moves), competing claims, and manual
// verification. Staff-only routes: an artist-side or fan session is refused.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  StaffClaimDecision,
  StaffClaimDetail,
  StaffClaimSummary,
} from '../../functions/contracts/admin-claims';
import type { ClaimReply } from '../../functions/contracts/claims';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { givenArtist } from '../support/factories/catalogue';
import { givenPendingClaim } from '../support/factories/claims';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testTable } from '../support/test-table';

const loadStaff = async () => (await import('../../functions/handlers/admin-claims')).handler;

async function staffCall(staff: SignedInAccount, method: string, target: string, body?: unknown) {
  const [path = '', search] = target.split('?');
  return call(await loadStaff(), method, path, {
    cookies: [staff.cookie],
    ...(search === undefined ? {} : { query: Object.fromEntries(new URLSearchParams(search)) }),
    ...(body === undefined ? {} : { body }),
  });
}

async function setStatus(
  staff: SignedInAccount,
  claimId: string,
  status: string,
  reason = 'Checked by staff',
) {
  return staffCall(staff, 'PATCH', `/api/admin/claims/${claimId}/status`, { status, reason });
}

describe('GET /api/admin/claims/list', () => {
  it('lists claims newest first, by status, by a part of the artist name, 20 a page', async () => {
    // Prepare: 22 pending claims of artists whose names share a word no other test uses, one of them verified.
    const staff = await createSignedInAccount('admin');
    const word = `Quokka${randomUUID().slice(0, 6)}`;
    const claims: ClaimReply[] = [];
    for (let index = 0; index < 22; index += 1) {
      const artist = await givenArtist(`The ${word} Band ${index}`);
      claims.push((await givenPendingClaim(artist.id, 'Harbour Office', 'spotify')).claim);
    }
    const verified = claims[3];
    if (!verified) throw new Error('no claim');
    expect(
      (
        await staffCall(staff, 'POST', `/api/admin/claims/${verified._id}/verify-bio`, {
          manualVerification: true,
        })
      ).statusCode,
    ).toBe(200);
    // Act
    const first = await staffCall(staff, 'GET', `/api/admin/claims/list?search=${word.toLowerCase()}`);
    const second = await staffCall(staff, 'GET', `/api/admin/claims/list?search=${word}&page=2`);
    const onlyVerified = await staffCall(
      staff,
      'GET',
      `/api/admin/claims/list?search=${word}&status=Verified`,
    );
    const pending = await staffCall(
      staff,
      'GET',
      `/api/admin/claims/list?search=${word}&status=Pending&limit=5`,
    );
    // Assess
    expect(first.statusCode).toBe(200);
    const firstPage = dataOf<StaffClaimSummary[]>(first);
    expect(firstPage).toHaveLength(20);
    expect(bodyOf(first).pagination).toEqual({
      page: 1,
      limit: 20,
      total: 22,
      pages: 2,
    });
    expect(firstPage[0]?._id).toBe(claims[21]?._id);
    expect(firstPage[0]).toMatchObject({ officeName: 'Harbour Office', status: 'Pending' });
    expect(dataOf<StaffClaimSummary[]>(second).map((claim) => claim._id)).toEqual([
      claims[1]?._id,
      claims[0]?._id,
    ]);
    expect(dataOf<StaffClaimSummary[]>(onlyVerified).map((claim) => claim._id)).toEqual([verified._id]);
    expect(bodyOf(pending).pagination).toMatchObject({ total: 21, pages: 5 });
  });

  it('answers 422 for a status that does not exist and 401 without a staff session', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artistSide = await createSignedInAccount('artist');
    // Act
    const badStatus = await staffCall(staff, 'GET', '/api/admin/claims/list?status=Approved');
    const asArtist = await call(await loadStaff(), 'GET', '/api/admin/claims/list', {
      cookies: [artistSide.cookie],
    });
    // Assess
    expect(badStatus.statusCode).toBe(422);
    expect(asArtist.statusCode).toBe(401);
  });
});

describe('GET /api/admin/claims/{id}', () => {
  it("shows the claim with its attempts, the fans' reports about the artist, the audit log and the allowed moves", async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist(`Marlin ${randomUUID().slice(0, 6)}`);
    const { claim } = await givenPendingClaim(artist.id, 'Marlin Management', 'spotify');
    const { claim: rival } = await givenPendingClaim(artist.id, 'Rival Office', 'spotify');
    const fan = await createSignedInAccount('fan');
    const { createClaimReport } = await import('../../functions/data/claim-reports');
    await createClaimReport(testTable(), {
      id: randomUUID(),
      fanId: fan.userId,
      target: { kind: 'artist', id: artist.id, name: artist.name },
      reason: 'This is not their real manager',
      status: 'open',
      createdAt: new Date().toISOString(),
    });
    await staffCall(staff, 'POST', `/api/admin/claims/${claim._id}/verify-bio`, {
      manualVerification: false,
    });
    // Act
    const result = await staffCall(staff, 'GET', `/api/admin/claims/${claim._id}`);
    const missing = await staffCall(staff, 'GET', `/api/admin/claims/${randomUUID()}`);
    // Assess
    expect(result.statusCode).toBe(200);
    const detail = dataOf<StaffClaimDetail>(result);
    expect(detail).toMatchObject({
      _id: claim._id,
      officeName: 'Marlin Management',
      status: 'Pending',
      verificationString: claim.verificationString,
      allowedStatuses: ['Verified', 'Rejected', 'Deleted'],
      heldEarnings: { lots: 0, cents: 0 },
    });
    expect(detail.artist?.name).toBe(artist.name);
    expect(detail.verificationAttempts).toHaveLength(1);
    expect(detail.verificationAttempts[0]).toMatchObject({
      found: false,
      byKind: 'staff',
      byId: staff.userId,
    });
    expect(detail.reports.map((report) => report.reason)).toEqual(['This is not their real manager']);
    expect(detail.auditLog).toEqual([
      expect.objectContaining({ from: null, to: 'Pending', actorKind: 'office' }),
    ]);
    expect(detail.otherClaims).toEqual([expect.objectContaining({ _id: rival._id, status: 'Pending' })]);
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/admin/claims/{id}/status', () => {
  it('moves a claim only through legal moves, each with its reason and staff member in the audit log', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist(`Heron ${randomUUID().slice(0, 6)}`);
    const { claim } = await givenPendingClaim(artist.id, 'Harbour Office', 'spotify');
    // Act
    const skipping = await setStatus(staff, claim._id, 'Successful');
    const verified = await setStatus(staff, claim._id, 'Verified', 'The link is in the Spotify bio');
    const rejected = await setStatus(staff, claim._id, 'Rejected', 'The office could not show a contract');
    const revived = await setStatus(staff, claim._id, 'Pending');
    // Assess
    expect(skipping.statusCode).toBe(409);
    expect(bodyOf(skipping)).toMatchObject({
      code: 'claim_transition_not_allowed',
      message: expect.stringContaining('Allowed from Pending: Verified, Rejected, Deleted.'),
    });
    expect(verified.statusCode).toBe(200);
    expect(rejected.statusCode).toBe(200);
    const decision = dataOf<StaffClaimDecision>(rejected);
    expect(decision).toMatchObject({ status: 'Rejected', allowedStatuses: [], release: null });
    expect(decision.auditLog.slice(1)).toEqual([
      expect.objectContaining({ from: 'Pending', to: 'Verified', reason: 'The link is in the Spotify bio' }),
      expect.objectContaining({
        from: 'Verified',
        to: 'Rejected',
        reason: 'The office could not show a contract',
        actorKind: 'staff',
        actorId: staff.userId,
      }),
    ]);
    expect(revived.statusCode).toBe(409);
    expect(bodyOf(revived).message).toContain('none: this status is final');
  });

  it('answers 422 without a reason or with an unknown status, and 404 for an unknown claim', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist(`Ibis ${randomUUID().slice(0, 6)}`);
    const { claim } = await givenPendingClaim(artist.id, 'Harbour Office', 'spotify');
    // Act
    const noReason = await setStatus(staff, claim._id, 'Verified', '   ');
    const unknownStatus = await setStatus(staff, claim._id, 'Approved');
    const unknownClaim = await setStatus(staff, randomUUID(), 'Verified');
    // Assess
    expect(noReason.statusCode).toBe(422);
    expect(bodyOf(noReason).fields).toMatchObject({
      reason: 'Give a reason',
    });
    expect(unknownStatus.statusCode).toBe(422);
    expect(unknownClaim.statusCode).toBe(404);
  });

  it('approves one of two competing claims; the other cannot become successful until the first is deleted', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist(`Egret ${randomUUID().slice(0, 6)}`);
    const { claim: first } = await givenPendingClaim(artist.id, 'First Office', 'spotify');
    const { claim: second } = await givenPendingClaim(artist.id, 'Second Office', 'spotify');
    await setStatus(staff, first._id, 'Verified');
    await setStatus(staff, second._id, 'Verified');
    // Act
    const approved = await setStatus(staff, first._id, 'Successful');
    const refused = await setStatus(staff, second._id, 'Successful');
    const withdrawn = await setStatus(staff, first._id, 'Deleted', 'The first office gave the artist up');
    const approvedLater = await setStatus(staff, second._id, 'Successful');
    // Assess
    expect(approved.statusCode).toBe(200);
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused).code).toBe('artist_already_claimed');
    expect(withdrawn.statusCode).toBe(200);
    expect(approvedLater.statusCode).toBe(200);
    expect(dataOf<StaffClaimDecision>(approvedLater).otherClaims).toEqual([
      expect.objectContaining({ _id: first._id, status: 'Deleted' }),
    ]);
  });
});

describe('POST /api/admin/claims/{id}/verify-bio', () => {
  it('records a staff attempt and verifies a pending claim; a second verification is refused', async () => {
    // Prepare
    const staff = await createSignedInAccount('admin');
    const artist = await givenArtist(`Stork ${randomUUID().slice(0, 6)}`);
    const { claim } = await givenPendingClaim(artist.id, 'Harbour Office', 'spotify');
    // Act
    const notFound = await staffCall(staff, 'POST', `/api/admin/claims/${claim._id}/verify-bio`, {
      manualVerification: false,
    });
    const found = await staffCall(staff, 'POST', `/api/admin/claims/${claim._id}/verify-bio`, {
      manualVerification: true,
    });
    const again = await staffCall(staff, 'POST', `/api/admin/claims/${claim._id}/verify-bio`, {
      manualVerification: true,
    });
    const badBody = await staffCall(staff, 'POST', `/api/admin/claims/${claim._id}/verify-bio`, {
      manualVerification: 'yes',
    });
    // Assess
    expect(dataOf<StaffClaimDecision>(notFound).status).toBe('Pending');
    const decision = dataOf<StaffClaimDecision>(found);
    expect(decision.status).toBe('Verified');
    expect(
      decision.verificationAttempts.map((attempt) => [attempt.found, attempt.byKind, attempt.byId]),
    ).toEqual([
      [false, 'staff', staff.userId],
      [true, 'staff', staff.userId],
    ]);
    expect(decision.auditLog.at(-1)).toMatchObject({
      from: 'Pending',
      to: 'Verified',
      actorKind: 'staff',
      reason: expect.stringContaining(claim.verificationString),
    });
    expect(again.statusCode).toBe(409);
    expect(badBody.statusCode).toBe(422);
  });
});
