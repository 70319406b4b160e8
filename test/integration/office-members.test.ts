// Invitations, member artists and claimed artists through the artist-offices handler (decision 026), on
// DynamoDB Local. The invitation's link comes from the local outbox, as the invitee's mailbox would show it.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClaimReply } from '../../functions/contracts/claims';
import type {
  InvitationValidationReply,
  MemberArtistsReply,
  OfficeInvitationReply,
  OfficeMemberEntryReply,
  OfficeReply,
} from '../../functions/contracts/offices';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { givenArtist } from '../support/factories/catalogue';
import { givenClaim } from '../support/factories/claims';
import {
  acceptInvitation,
  givenJoinedByInvitation,
  givenOfficeAdmin,
  invitationMailedTo,
  inviteToOffice,
} from '../support/factories/offices';
import { call, createSignedInAccount, dataOf, uniqueEmail } from '../support/identity';
import { testTable } from '../support/test-table';

const loadOffices = async () => (await import('../../functions/handlers/artist-offices')).handler;
const loadClaims = async () => (await import('../../functions/handlers/artist-claims')).handler;

async function validate(officeId: string, token: string) {
  return call(await loadOffices(), 'GET', `/api/for-artists/offices/${officeId}/validate-invitation`, {
    query: { token },
  });
}

async function listMembers(officeId: string, by: SignedInAccount) {
  return call(await loadOffices(), 'GET', `/api/for-artists/offices/${officeId}/members`, {
    cookies: [by.cookie],
  });
}

describe('POST /api/for-artists/offices/{officeId}/members (an invitation)', () => {
  it('mails a single-use link to the address and lists the person as invited until they accept', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const email = uniqueEmail('invitee');
    // Act
    const result = await inviteToOffice(office._id, admin, email, 'accountant');
    // Assess
    expect(result.statusCode).toBe(201);
    expect(dataOf<OfficeMemberEntryReply>(result)).toMatchObject({
      user_id: null,
      email,
      role: 'accountant',
      status: 'invited',
    });
    const { token, link } = await invitationMailedTo(email);
    expect(link).toBe(
      `${process.env['SITE_ORIGIN'] ?? ''}/for-artists/office-invitation/${office._id}?token=${token}`,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const members = dataOf<OfficeMemberEntryReply[]>(await listMembers(office._id, admin));
    expect(members.map((entry) => [entry.email, entry.status])).toEqual([
      [admin.email, 'active'],
      [email, 'invited'],
    ]);
  });

  it('answers 409 for an address that is a member already or has a pending invitation', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const email = uniqueEmail('twice');
    expect((await inviteToOffice(office._id, admin, email)).statusCode).toBe(201);
    // Act
    const again = await inviteToOffice(office._id, admin, email);
    const self = await inviteToOffice(office._id, admin, admin.email);
    // Assess
    expect([again.statusCode, bodyOf(again)['code']]).toEqual([409, 'invitation_pending']);
    expect([self.statusCode, bodyOf(self)['code']]).toEqual([409, 'already_member']);
  });

  it('refuses members and accountants (403) and strangers (404)', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    const accountant = await givenJoinedByInvitation(office._id, admin, 'accountant');
    const stranger = await createSignedInAccount('artist');
    // Act
    const results = await Promise.all(
      [member, accountant, stranger].map((person) => inviteToOffice(office._id, person, uniqueEmail('x'))),
    );
    // Assess
    expect(results.map((result) => result.statusCode)).toEqual([403, 403, 404]);
  });

  it('refuses the 50th member or invitation with office_full', async () => {
    // Prepare: 48 pending invitations beside the admin make 49
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    for (let index = 0; index < 48; index += 1) {
      expect((await inviteToOffice(office._id, admin, uniqueEmail(`crowd${index}`))).statusCode).toBe(201);
    }
    // Act
    const result = await inviteToOffice(office._id, admin, uniqueEmail('one-too-many'));
    // Assess
    expect([result.statusCode, bodyOf(result)['code']]).toEqual([409, 'office_full']);
  });
});

describe('GET /api/for-artists/offices/{officeId}/validate-invitation (public)', () => {
  it('answers the office, the address, the role and the state to whoever holds the link', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const email = uniqueEmail('holder');
    await inviteToOffice(office._id, admin, email, 'admin');
    const { token } = await invitationMailedTo(email);
    // Act
    const result = await validate(office._id, token);
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf<InvitationValidationReply>(result)).toMatchObject({
      officeId: office._id,
      officeName: 'Night Shift Records',
      email,
      role: 'admin',
      state: 'pending',
    });
  });

  it('answers 404 for a wrong token or another office, and "expired" after 7 days', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const other = await givenOfficeAdmin('Night Shift Records');
    const email = uniqueEmail('late');
    await inviteToOffice(office._id, admin, email);
    const { token } = await invitationMailedTo(email);
    const { createFixedClock } = await import('../../functions/runtime/clock');
    const { validateOfficeInvitation } = await import('../../functions/services/offices/invitations');
    const eightDaysOn = createFixedClock(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    // Act
    const wrong = await validate(office._id, randomBytes(32).toString('base64url'));
    const elsewhere = await validate(other.office._id, token);
    const later = await validateOfficeInvitation(
      { table: testTable(), clock: eightDaysOn },
      office._id,
      token,
    );
    // Assess
    expect([wrong.statusCode, elsewhere.statusCode]).toEqual([404, 404]);
    expect(later.state).toBe('expired');
  });
});

describe('POST /api/for-artists/offices/accept-invitation/{token}', () => {
  it('makes the invitee a member with the invited role, and the token works once', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const invitee = await createSignedInAccount('artist');
    await inviteToOffice(office._id, admin, invitee.email, 'accountant');
    const { token } = await invitationMailedTo(invitee.email);
    // Act
    const first = await acceptInvitation(office._id, token, invitee);
    const second = await acceptInvitation(office._id, token, invitee);
    // Assess
    expect(first.statusCode).toBe(200);
    expect(dataOf<OfficeReply>(first)).toMatchObject({ _id: office._id, role: 'accountant' });
    expect(second.statusCode).toBe(409);
    const members = dataOf<OfficeMemberEntryReply[]>(await listMembers(office._id, invitee));
    expect(members.filter((entry) => entry.email === invitee.email)).toEqual([
      { user_id: invitee.userId, role: 'accountant', email: invitee.email, status: 'active' },
    ]);
    expect(dataOf<InvitationValidationReply>(await validate(office._id, token)).state).toBe('accepted');
  });

  it('makes no personal office for an invitee: their offices are the one they joined', async () => {
    // Prepare: a new artist-side user who has not opened the artist area yet
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const invitee = await createSignedInAccount('artist');
    await inviteToOffice(office._id, admin, invitee.email, 'member');
    const { token } = await invitationMailedTo(invitee.email);
    // Act
    expect((await acceptInvitation(office._id, token, invitee)).statusCode).toBe(200);
    const listed = await call(await loadOffices(), 'GET', '/api/for-artists/offices', {
      cookies: [invitee.cookie],
    });
    // Assess
    expect(dataOf<OfficeReply[]>(listed).map((entry) => [entry._id, entry.role])).toEqual([
      [office._id, 'member'],
    ]);
  });

  it('makes one membership of two accepts at once', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const invitee = await createSignedInAccount('artist');
    await inviteToOffice(office._id, admin, invitee.email);
    const { token } = await invitationMailedTo(invitee.email);
    // Act
    const results = await Promise.all([
      acceptInvitation(office._id, token, invitee),
      acceptInvitation(office._id, token, invitee),
    ]);
    // Assess
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    const { getOfficeWithMembers } = await import('../../functions/data/offices/office');
    const stored = await getOfficeWithMembers(testTable(), office._id);
    expect(stored?.members.map((member) => member.userId)).toEqual([admin.userId, invitee.userId]);
    expect(stored?.office.memberCount).toBe(2);
  });

  it('refuses a signed-in user of another address with 403 invitation_email_mismatch', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const email = uniqueEmail('meant-for');
    await inviteToOffice(office._id, admin, email);
    const { token } = await invitationMailedTo(email);
    const someoneElse = await createSignedInAccount('artist');
    // Act
    const result = await acceptInvitation(office._id, token, someoneElse);
    // Assess
    expect([result.statusCode, bodyOf(result)['code']]).toEqual([403, 'invitation_email_mismatch']);
  });

  it('answers 401 without a session and 409 invitation_expired after 7 days', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const invitee = await createSignedInAccount('artist');
    await inviteToOffice(office._id, admin, invitee.email);
    const { token } = await invitationMailedTo(invitee.email);
    const { createFixedClock } = await import('../../functions/runtime/clock');
    const { acceptInvitationForUser } = await import('../../functions/services/offices/invitations');
    const eightDaysOn = createFixedClock(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    // Act
    const anonymous = await call(
      await loadOffices(),
      'POST',
      `/api/for-artists/offices/accept-invitation/${token}`,
      { body: { officeId: office._id } },
    );
    const late = acceptInvitationForUser(
      { table: testTable(), clock: eightDaysOn },
      invitee.userId,
      token,
      office._id,
    );
    // Assess
    expect(anonymous.statusCode).toBe(401);
    await expect(late).rejects.toMatchObject({ code: 'invitation_expired' });
  });
});

describe('member-token and resend-invitation', () => {
  it('member-token answers the state to an admin and never the secret', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const email = uniqueEmail('state');
    await inviteToOffice(office._id, admin, email, 'member');
    const { token } = await invitationMailedTo(email);
    // Act
    const result = await call(
      await loadOffices(),
      'GET',
      `/api/for-artists/offices/${office._id}/member-token`,
      {
        query: { email },
        cookies: [admin.cookie],
      },
    );
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf<OfficeInvitationReply>(result)).toMatchObject({ email, role: 'member', state: 'pending' });
    expect(JSON.stringify(bodyOf(result))).not.toContain(token);
  });

  it('resend mails a new link and the old one stops working', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const invitee = await createSignedInAccount('artist');
    await inviteToOffice(office._id, admin, invitee.email);
    const { token: oldToken } = await invitationMailedTo(invitee.email);
    // Act
    const result = await call(
      await loadOffices(),
      'POST',
      `/api/for-artists/offices/${office._id}/resend-invitation`,
      { body: { email: invitee.email }, cookies: [admin.cookie] },
    );
    const { token: newToken } = await invitationMailedTo(invitee.email);
    // Assess
    expect(result.statusCode).toBe(200);
    expect(newToken).not.toBe(oldToken);
    expect((await validate(office._id, oldToken)).statusCode).toBe(404);
    expect((await acceptInvitation(office._id, oldToken, invitee)).statusCode).toBe(404);
    expect((await acceptInvitation(office._id, newToken, invitee)).statusCode).toBe(200);
  });

  it('resend answers 404 for an address without an invitation and 403 to a member', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    const email = uniqueEmail('pending');
    await inviteToOffice(office._id, admin, email);
    const resend = async (by: SignedInAccount, address: string) =>
      call(await loadOffices(), 'POST', `/api/for-artists/offices/${office._id}/resend-invitation`, {
        body: { email: address },
        cookies: [by.cookie],
      });
    // Act
    const unknown = await resend(admin, uniqueEmail('nobody'));
    const refused = await resend(member, email);
    // Assess
    expect([unknown.statusCode, refused.statusCode]).toEqual([404, 403]);
  });
});

// ── member artists and claimed artists ─────────────────────────────────────────────────────────────────────────

async function listClaimIds(officeId: string, by: SignedInAccount): Promise<string[]> {
  const result = await call(await loadClaims(), 'GET', '/api/for-artists/claims', {
    query: { officeId },
    cookies: [by.cookie],
  });
  expect(result.statusCode).toBe(200);
  return dataOf<ClaimReply[]>(result).map((claim) => claim._id);
}

const artistsPath = (officeId: string, userId: string) =>
  `/api/for-artists/offices/${officeId}/members/${userId}/artists`;

describe('member artists', () => {
  it('a member sees only the claims of the artists assigned to them, and loses one when it is unassigned', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    const [first, second] = [await givenArtist(), await givenArtist()];
    const firstClaim = await givenClaim(admin, first.id, office._id);
    const secondClaim = await givenClaim(admin, second.id, office._id);
    const before = await listClaimIds(office._id, member);
    // Act
    const assigned = await call(await loadOffices(), 'POST', artistsPath(office._id, member.userId), {
      body: { artistIds: [first.id] },
      cookies: [admin.cookie],
    });
    const after = await listClaimIds(office._id, member);
    const readAssigned = await call(await loadClaims(), 'GET', `/api/for-artists/claims/${firstClaim._id}`, {
      cookies: [member.cookie],
    });
    const readOther = await call(await loadClaims(), 'GET', `/api/for-artists/claims/${secondClaim._id}`, {
      cookies: [member.cookie],
    });
    const removed = await call(
      await loadOffices(),
      'DELETE',
      `${artistsPath(office._id, member.userId)}/${first.id}`,
      { cookies: [admin.cookie] },
    );
    // Assess
    expect(before).toEqual([]);
    expect(assigned.statusCode).toBe(200);
    expect(dataOf<MemberArtistsReply>(assigned).artists).toEqual([
      { artistId: first.id, artistName: first.name, claimId: firstClaim._id, claimStatus: 'Pending' },
    ]);
    expect(after).toEqual([firstClaim._id]);
    expect([readAssigned.statusCode, readOther.statusCode]).toEqual([200, 404]);
    expect(removed.statusCode).toBe(200);
    expect(dataOf<MemberArtistsReply>(removed).artists).toEqual([]);
    expect(await listClaimIds(office._id, member)).toEqual([]);
  });

  it('refuses an artist the office has not claimed (422), a member assigning (403) and a stranger (404)', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    const stranger = await createSignedInAccount('artist');
    const claimed = await givenArtist();
    await givenClaim(admin, claimed.id, office._id);
    const unclaimed = await givenArtist();
    const assign = async (by: SignedInAccount, artistIds: string[]) =>
      call(await loadOffices(), 'POST', artistsPath(office._id, member.userId), {
        body: { artistIds },
        cookies: [by.cookie],
      });
    // Act
    const notClaimed = await assign(admin, [claimed.id, unclaimed.id]);
    const byMember = await assign(member, [claimed.id]);
    const byStranger = await assign(stranger, [claimed.id]);
    // Assess
    expect(notClaimed.statusCode).toBe(422);
    expect(bodyOf(notClaimed)['fields']).toEqual({ artistIds: 'Choose artists your office has claimed' });
    expect([byMember.statusCode, byStranger.statusCode]).toEqual([403, 404]);
  });

  it('canSeeOfficeArtist: admins and accountants see every artist, a member only theirs, a stranger none', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    const accountant = await givenJoinedByInvitation(office._id, admin, 'accountant');
    const stranger = await createSignedInAccount('artist');
    const artist = await givenArtist();
    await givenClaim(admin, artist.id, office._id);
    const { canSeeOfficeArtist } = await import('../../functions/services/offices/member-artists');
    const deps = { table: testTable() };
    const sees = (person: SignedInAccount) => canSeeOfficeArtist(deps, office._id, person.userId, artist.id);
    // Act
    const beforeAssigning = await Promise.all([admin, accountant, member, stranger].map(sees));
    await call(await loadOffices(), 'POST', artistsPath(office._id, member.userId), {
      body: { artistIds: [artist.id] },
      cookies: [admin.cookie],
    });
    const afterAssigning = await Promise.all([admin, accountant, member, stranger].map(sees));
    // Assess
    expect(beforeAssigning).toEqual([true, true, false, false]);
    expect(afterAssigning).toEqual([true, true, true, false]);
  });

  it('GET answers the member their own artists and refuses another member (403)', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    const other = await givenJoinedByInvitation(office._id, admin, 'member');
    // Act
    const own = await call(await loadOffices(), 'GET', artistsPath(office._id, member.userId), {
      cookies: [member.cookie],
    });
    const others = await call(await loadOffices(), 'GET', artistsPath(office._id, other.userId), {
      cookies: [member.cookie],
    });
    // Assess
    expect(own.statusCode).toBe(200);
    expect(dataOf<MemberArtistsReply>(own)).toEqual({ userId: member.userId, artists: [] });
    expect(others.statusCode).toBe(403);
  });
});

describe('PATCH /api/for-artists/offices/{officeId}/claimed-artists/{artistId}', () => {
  it('an admin gives up a successful claim: it becomes Deleted and frees the artist', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const artist = await givenArtist();
    const claim = await givenClaim(admin, artist.id, office._id);
    const { getClaim, getSuccessfulClaimOfArtist } = await import('../../functions/data/claims');
    const { moveClaim } = await import('../../functions/services/claims/claims');
    const { getClock } = await import('../../functions/runtime/clock');
    const deps = { table: testTable(), clock: getClock() };
    const stored = await getClaim(deps.table, claim._id);
    if (!stored) throw new Error('the claim should exist');
    const verified = await moveClaim(deps, stored, 'Verified', { kind: 'staff', id: 'staff-1' }, 'Seen');
    await moveClaim(deps, verified, 'Successful', { kind: 'staff', id: 'staff-1' }, 'Approved');
    // Act
    const result = await call(
      await loadOffices(),
      'PATCH',
      `/api/for-artists/offices/${office._id}/claimed-artists/${artist.id}`,
      { body: { status: 'Deleted' }, cookies: [admin.cookie] },
    );
    const again = await call(
      await loadOffices(),
      'PATCH',
      `/api/for-artists/offices/${office._id}/claimed-artists/${artist.id}`,
      { body: { status: 'Deleted' }, cookies: [admin.cookie] },
    );
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf<ClaimReply>(result)).toMatchObject({ _id: claim._id, status: 'Deleted' });
    expect(await getSuccessfulClaimOfArtist(deps.table, artist.id)).toBeNull();
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for a pending claim or another office, 403 to a member, 422 for another status', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    const other = await givenOfficeAdmin('Night Shift Records');
    const artist = await givenArtist();
    await givenClaim(admin, artist.id, office._id);
    const patch = async (officeId: string, by: SignedInAccount, status = 'Deleted') =>
      call(
        await loadOffices(),
        'PATCH',
        `/api/for-artists/offices/${officeId}/claimed-artists/${artist.id}`,
        {
          body: { status },
          cookies: [by.cookie],
        },
      );
    // Act
    const pending = await patch(office._id, admin);
    const byMember = await patch(office._id, member);
    const byOtherOffice = await patch(office._id, other.admin);
    const badStatus = await patch(office._id, admin, 'Successful');
    // Assess
    expect([pending.statusCode, byMember.statusCode, byOtherOffice.statusCode, badStatus.statusCode]).toEqual(
      [404, 403, 404, 422],
    );
  });
});

describe('DELETE /api/for-artists/offices/{officeId}/members/{email} for an invitation', () => {
  it('lets an admin withdraw a pending invitation, whose link then answers 404', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Shift Records');
    const email = uniqueEmail('withdrawn');
    await inviteToOffice(office._id, admin, email, 'accountant');
    const { token } = await invitationMailedTo(email);
    const withdraw = async (by: SignedInAccount) =>
      call(
        await loadOffices(),
        'DELETE',
        `/api/for-artists/offices/${office._id}/members/${encodeURIComponent(email)}`,
        {
          cookies: [by.cookie],
        },
      );
    const member = await givenJoinedByInvitation(office._id, admin, 'member');
    // Act
    const byMember = await withdraw(member);
    const result = await withdraw(admin);
    const again = await withdraw(admin);
    // Assess
    expect(byMember.statusCode).toBe(403);
    expect(result.statusCode).toBe(200);
    expect(dataOf<OfficeMemberEntryReply>(result)).toEqual({
      user_id: null,
      role: 'accountant',
      email,
      status: 'invited',
    });
    expect(again.statusCode).toBe(404);
    expect((await validate(office._id, token)).statusCode).toBe(404);
    const entries = dataOf<OfficeMemberEntryReply[]>(await listMembers(office._id, admin));
    expect(entries.map((entry) => entry.email)).not.toContain(email);
  });
});
