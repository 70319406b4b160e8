// Claims of catalogue artists through the artist-claims handler, on DynamoDB Local. Staff's
// decisions are not routes yet, so a claim moves to Verified and Successful through services/claims `moveClaim`, the
// call staff's PATCH claims/{id}/status will make. Members join through data/offices/members.ts `addOfficeMember`, as
// in offices.test.ts (invitations are not built yet).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClaimDetailReply, ClaimReply } from '../../functions/contracts/claims';
import type { OfficeReply } from '../../functions/contracts/offices';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { givenArtist } from '../support/factories/catalogue';
import { byStaff, claimRequest, givenClaim, moveClaimTo } from '../support/factories/claims';
import { givenJoined, givenOfficeAdmin, givenOfficeTeam } from '../support/factories/offices';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { testTable } from '../support/test-table';

const loadClaims = async () => (await import('../../functions/handlers/artist-claims')).handler;
const loadOffices = async () => (await import('../../functions/handlers/artist-offices')).handler;

async function postClaim(person: SignedInAccount, body: unknown) {
  return call(await loadClaims(), 'POST', '/api/for-artists/claims', { body, cookies: [person.cookie] });
}

describe('POST /api/for-artists/claims', () => {
  it("makes a pending claim for the caller's personal office when no office is named, with an audit entry", async () => {
    // Prepare
    const person = await createSignedInAccount('artist');
    const artist = await givenArtist();
    const payload = claimRequest(artist.id);
    // Act
    const result = await postClaim(person, payload);
    const offices = dataOf<OfficeReply[]>(
      await call(await loadOffices(), 'GET', '/api/for-artists/offices', { cookies: [person.cookie] }),
    );
    const claim = dataOf<ClaimReply>(result);
    const detail = dataOf<ClaimDetailReply>(
      await call(await loadClaims(), 'GET', `/api/for-artists/claims/${claim._id}/detailed`, {
        cookies: [person.cookie],
      }),
    );
    // Assess
    expect(result.statusCode).toBe(201);
    expect(offices).toHaveLength(1);
    expect(claim).toMatchObject({
      officeId: offices[0]?._id,
      artistId: artist.id,
      artistName: artist.name,
      status: 'Pending',
      verificationMethod: 'social-bio',
      selectedPlatform: 'instagram',
      verificationString: payload.verificationString,
    });
    expect(detail.artist).toMatchObject({ id: artist.id, name: artist.name });
    expect(detail.verificationAttempts).toEqual([]);
    expect(detail.statusHistory).toEqual([
      { from: null, to: 'Pending', reason: 'Claimed by an admin of the office', at: claim.createdAt },
    ]);
  });

  it('refuses bad input with 422 and the SPEC §5 texts of the claim wizard', async () => {
    // Prepare
    const person = await createSignedInAccount('artist');
    // Act
    const empty = await postClaim(person, {});
    const unticked = await postClaim(person, {
      artistId: 'abc',
      agreesToWaiver: false,
      agreesToFundsTerms: false,
      agreesToTerms: false,
      verificationMethod: '',
      selectedPlatform: '',
      verificationString: '',
    });
    const unknownArtist = await postClaim(person, claimRequest('NoSuchArtist0000000000'));
    const forgedString = await postClaim(person, {
      ...claimRequest('abc'),
      verificationString: 'openpie_short',
    });
    const wrongPlatform = await postClaim(person, {
      ...claimRequest((await givenArtist()).id),
      verificationMethod: 'spotify-bio',
    });
    // Assess
    expect(empty.statusCode).toBe(422);
    // Every box unticked and every choice left empty: each says so, the same with or without an artist
    const untickedMessages = {
      agreesToWaiver: 'You must agree to the waiver',
      agreesToFundsTerms: 'You must agree to the funds terms',
      agreesToTerms: 'You must agree to the terms and conditions',
      verificationMethod: 'Please select a verification method',
      selectedPlatform: 'Please select a social platform',
      verificationString: 'Verification string is required',
    };
    expect(bodyOf(empty)['fields']).toEqual({ artistId: 'Please select an artist', ...untickedMessages });
    expect(unticked.statusCode).toBe(422);
    expect(bodyOf(unticked)['fields']).toEqual(untickedMessages);
    expect(unknownArtist.statusCode).toBe(422);
    expect(bodyOf(unknownArtist)['fields']).toEqual({
      artistId: 'We could not find this artist. Please search for it again.',
    });
    expect(forgedString.statusCode).toBe(422);
    expect(bodyOf(forgedString)['fields']).toEqual({
      verificationString: 'Use the verification string the wizard generated',
    });
    expect(wrongPlatform.statusCode).toBe(422);
    expect(bodyOf(wrongPlatform)['fields']).toEqual({
      selectedPlatform: 'The Spotify bio is checked on Spotify: choose Spotify',
    });
  });

  it('lets only an admin of the office claim: a member or accountant gets 403, a stranger 404', async () => {
    // Prepare
    const { office, member, accountant, stranger } = await givenOfficeTeam();
    const artist = await givenArtist();
    // Act
    const byMember = await postClaim(member, claimRequest(artist.id, office._id));
    const byAccountant = await postClaim(accountant, claimRequest(artist.id, office._id));
    const byStranger = await postClaim(stranger, claimRequest(artist.id, office._id));
    // Assess
    expect(byMember.statusCode).toBe(403);
    expect(bodyOf(byMember)['message']).toBe(
      'Only an admin of this office can claim artists or delete claims.',
    );
    expect(byAccountant.statusCode).toBe(403);
    expect(byStranger.statusCode).toBe(404);
    const { listArtistClaims } = await import('../../functions/data/claims');
    expect(await listArtistClaims(testTable(), artist.id)).toEqual([]);
  });

  it('makes one claim of concurrent creates for one artist by one office; the others get 409', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin();
    const artist = await givenArtist();
    // Act
    const results = await Promise.all(
      Array.from({ length: 5 }, () => postClaim(admin, claimRequest(artist.id, office._id))),
    );
    // Assess
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const refused of results.filter((result) => result.statusCode === 409)) {
      expect(bodyOf(refused)['code']).toBe('claim_already_open');
    }
    const { listArtistClaims } = await import('../../functions/data/claims');
    expect(await listArtistClaims(testTable(), artist.id)).toHaveLength(1);
  });

  it('keeps competing pending claims of several offices, and refuses a verification string already used', async () => {
    // Prepare
    const first = await givenOfficeAdmin();
    const second = await givenOfficeAdmin();
    const artist = await givenArtist();
    const firstPayload = claimRequest(artist.id, first.office._id);
    // Act
    const firstClaim = await postClaim(first.admin, firstPayload);
    const copied = await postClaim(second.admin, {
      ...claimRequest(artist.id, second.office._id),
      verificationString: firstPayload.verificationString,
    });
    const secondClaim = await postClaim(second.admin, claimRequest(artist.id, second.office._id));
    // Assess
    expect(firstClaim.statusCode).toBe(201);
    expect(copied.statusCode).toBe(409);
    expect(bodyOf(copied)['code']).toBe('verification_string_taken');
    expect(secondClaim.statusCode).toBe(201);
    const { listArtistClaims } = await import('../../functions/data/claims');
    const claims = await listArtistClaims(testTable(), artist.id);
    expect(claims.map((claim) => [claim.officeId, claim.status]).sort()).toEqual(
      [
        [first.office._id, 'Pending'],
        [second.office._id, 'Pending'],
      ].sort(),
    );
  });
});

describe('the successful-claim guard', () => {
  it('lets one claim per artist become successful across offices; new claims on the artist get 409', async () => {
    // Prepare
    const first = await givenOfficeAdmin();
    const second = await givenOfficeAdmin();
    const third = await givenOfficeAdmin();
    const artist = await givenArtist();
    const firstClaim = await givenClaim(first.admin, artist.id, first.office._id);
    const secondClaim = await givenClaim(second.admin, artist.id, second.office._id);
    await moveClaimTo(firstClaim._id, 'Verified', byStaff, 'The string is in the Instagram bio');
    await moveClaimTo(secondClaim._id, 'Verified', byStaff, 'The string is in the Instagram bio');
    // Act
    const outcomes = await Promise.allSettled([
      moveClaimTo(firstClaim._id, 'Successful', byStaff, 'Approved'),
      moveClaimTo(secondClaim._id, 'Successful', byStaff, 'Approved'),
    ]);
    const lateClaim = await postClaim(third.admin, claimRequest(artist.id, third.office._id));
    // Assess
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.status === 'rejected' && (refused.reason as { code?: string }).code).toBe(
      'artist_already_claimed',
    );
    expect(lateClaim.statusCode).toBe(409);
    expect(bodyOf(lateClaim)['code']).toBe('artist_already_claimed');
    const { getCatalogueArtist } = await import('../../functions/data/catalogue/artists');
    expect((await getCatalogueArtist(testTable(), artist.id))?.claimed).toBe(true);
  });

  it('refuses an illegal move with 409 and a move without a reason with 422', async () => {
    // Prepare
    const { admin } = await givenOfficeAdmin();
    const claim = await givenClaim(admin, (await givenArtist()).id);
    // Act
    // Both settle before either is asserted: a refusal nobody awaits yet would be an unhandled rejection.
    const [skipping, unexplained] = await Promise.allSettled([
      moveClaimTo(claim._id, 'Successful', byStaff, 'Looks fine'),
      moveClaimTo(claim._id, 'Rejected', byStaff, '   '),
    ]);
    // Assess
    expect(skipping).toMatchObject({ status: 'rejected', reason: { code: 'claim_transition_not_allowed' } });
    expect(unexplained).toMatchObject({
      status: 'rejected',
      reason: {
        kind: 'validation_failed',
        fields: { reason: 'Give a reason' },
      },
    });
  });
});

describe('GET /api/for-artists/claims and claims/{id}', () => {
  it("shows an office's claims to its admin and accountant, and nothing of office B to office A's members", async () => {
    // Prepare
    const officeA = await givenOfficeAdmin();
    const officeB = await givenOfficeAdmin();
    const accountantA = await givenJoined(officeA.office._id, 'accountant');
    const claimA = await givenClaim(officeA.admin, (await givenArtist()).id, officeA.office._id);
    const claimB = await givenClaim(officeB.admin, (await givenArtist()).id, officeB.office._id);
    const handler = await loadClaims();
    // Act
    const listA = await call(handler, 'GET', '/api/for-artists/claims', { cookies: [accountantA.cookie] });
    const readOwn = await call(handler, 'GET', `/api/for-artists/claims/${claimA._id}`, {
      cookies: [accountantA.cookie],
    });
    const readOther = await call(handler, 'GET', `/api/for-artists/claims/${claimB._id}`, {
      cookies: [officeA.admin.cookie],
    });
    const detailOther = await call(handler, 'GET', `/api/for-artists/claims/${claimB._id}/detailed`, {
      cookies: [accountantA.cookie],
    });
    const listOther = await call(handler, 'GET', '/api/for-artists/claims', {
      query: { officeId: officeB.office._id },
      cookies: [officeA.admin.cookie],
    });
    const deleteOther = await call(handler, 'DELETE', `/api/for-artists/claims/${claimB._id}`, {
      cookies: [officeA.admin.cookie],
    });
    // Assess
    expect(dataOf<ClaimReply[]>(listA).map((claim) => claim._id)).toEqual([claimA._id]);
    expect(readOwn.statusCode).toBe(200);
    expect(dataOf<ClaimReply>(readOwn)).toEqual(claimA);
    expect(readOther.statusCode).toBe(404);
    expect(detailOther.statusCode).toBe(404);
    expect(listOther.statusCode).toBe(404);
    expect(deleteOther.statusCode).toBe(404);
  });

  it('filters by office and status', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin();
    const kept = await givenClaim(admin, (await givenArtist()).id, office._id);
    const dropped = await givenClaim(admin, (await givenArtist()).id, office._id);
    await call(await loadClaims(), 'DELETE', `/api/for-artists/claims/${dropped._id}`, {
      cookies: [admin.cookie],
    });
    // Act
    const pending = await call(await loadClaims(), 'GET', '/api/for-artists/claims', {
      query: { officeId: office._id, status: 'Pending' },
      cookies: [admin.cookie],
    });
    const all = await call(await loadClaims(), 'GET', '/api/for-artists/claims', {
      query: { officeId: office._id },
      cookies: [admin.cookie],
    });
    const badStatus = await call(await loadClaims(), 'GET', '/api/for-artists/claims', {
      query: { status: 'Maybe' },
      cookies: [admin.cookie],
    });
    // Assess
    expect(dataOf<ClaimReply[]>(pending).map((claim) => claim._id)).toEqual([kept._id]);
    expect(dataOf<ClaimReply[]>(all).map((claim) => [claim._id, claim.status])).toEqual([
      [dropped._id, 'Deleted'],
      [kept._id, 'Pending'],
    ]);
    expect(badStatus.statusCode).toBe(422);
    expect(bodyOf(badStatus)['fields']).toEqual({ status: 'Choose a claim status' });
  });

  it('answers 404 for a claim that does not exist', async () => {
    // Prepare
    const person = await createSignedInAccount('artist');
    // Act
    const result = await call(await loadClaims(), 'GET', `/api/for-artists/claims/${randomUUID()}`, {
      cookies: [person.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)['message']).toBe('We could not find this claim.');
  });
});

describe('DELETE /api/for-artists/claims/{id}', () => {
  it('deletes a pending claim for an admin, with an audit entry, and frees the office to claim the artist again', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin();
    const artist = await givenArtist();
    const claim = await givenClaim(admin, artist.id, office._id);
    const handler = await loadClaims();
    // Act
    const deleted = await call(handler, 'DELETE', `/api/for-artists/claims/${claim._id}`, {
      cookies: [admin.cookie],
    });
    const again = await postClaim(admin, claimRequest(artist.id, office._id));
    const detail = dataOf<ClaimDetailReply>(
      await call(handler, 'GET', `/api/for-artists/claims/${claim._id}/detailed`, {
        cookies: [admin.cookie],
      }),
    );
    // Assess
    expect(deleted.statusCode).toBe(200);
    expect(dataOf<ClaimReply>(deleted).status).toBe('Deleted');
    expect(again.statusCode).toBe(201);
    expect(detail.status).toBe('Deleted');
    expect(detail.statusHistory.map(({ from, to, reason }) => ({ from, to, reason }))).toEqual([
      { from: null, to: 'Pending', reason: 'Claimed by an admin of the office' },
      { from: 'Pending', to: 'Deleted', reason: 'Deleted by an admin of the office' },
    ]);
  });

  it('refuses a member who is not an admin (403) and a claim that is no longer pending (409)', async () => {
    // Prepare
    const { admin, office, member, accountant } = await givenOfficeTeam();
    const claim = await givenClaim(admin, (await givenArtist()).id, office._id);
    const verified = await givenClaim(admin, (await givenArtist()).id, office._id);
    await moveClaimTo(verified._id, 'Verified', byStaff, 'Found in the bio');
    const handler = await loadClaims();
    // Act
    const byMember = await call(handler, 'DELETE', `/api/for-artists/claims/${claim._id}`, {
      cookies: [member.cookie],
    });
    const byAccountant = await call(handler, 'DELETE', `/api/for-artists/claims/${claim._id}`, {
      cookies: [accountant.cookie],
    });
    const notPending = await call(handler, 'DELETE', `/api/for-artists/claims/${verified._id}`, {
      cookies: [admin.cookie],
    });
    // Assess
    // A member sees no claims until artists are assigned to them, so the claim does not exist for them.
    expect(byMember.statusCode).toBe(404);
    expect(byAccountant.statusCode).toBe(403);
    expect(notPending.statusCode).toBe(409);
    expect(bodyOf(notPending)).toMatchObject({
      code: 'claim_not_pending',
      message: 'Only a pending claim can be deleted.',
    });
    const { getClaim } = await import('../../functions/data/claims');
    expect((await getClaim(testTable(), claim._id))?.status).toBe('Pending');
  });

  it('keeps an office with an open claim from being deleted', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin();
    await givenClaim(admin, (await givenArtist()).id, office._id);
    // Act
    const refused = await call(await loadOffices(), 'DELETE', `/api/for-artists/offices/${office._id}`, {
      cookies: [admin.cookie],
    });
    // Assess
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused)['code']).toBe('office_not_empty');
  });
});
