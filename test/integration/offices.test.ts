// Offices, members and roles through the artist-offices handler, on DynamoDB Local. Invitations are not
// built yet, so a second member joins through data/offices/members.ts `addOfficeMember`, the write accepting an
// invitation will make.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OfficeMemberReply, OfficeReply } from '../../functions/contracts/offices';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { givenJoined, givenOfficeAdmin, givenOfficeTeam } from '../support/factories/offices';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { givenPayableHolds } from '../support/factories/ledger';
import { testTable } from '../support/test-table';

async function loadHandler() {
  return (await import('../../functions/handlers/artist-offices')).handler;
}

type OfficesHandler = Awaited<ReturnType<typeof loadHandler>>;

async function listOffices(handler: OfficesHandler, person: SignedInAccount): Promise<OfficeReply[]> {
  const result = await call(handler, 'GET', '/api/for-artists/offices', { cookies: [person.cookie] });
  expect(result.statusCode).toBe(200);
  return dataOf<OfficeReply[]>(result);
}

async function listMembers(handler: OfficesHandler, officeId: string, person: SignedInAccount) {
  return call(handler, 'GET', `/api/for-artists/offices/${officeId}/members`, { cookies: [person.cookie] });
}

const codeOf = (result: Awaited<ReturnType<typeof call>>) => bodyOf(result)['code'];

describe('GET /api/for-artists/offices', () => {
  it('gives a new artist-side user one personal office, named after them, with them as its admin', async () => {
    // Prepare
    const handler = await loadHandler();
    const person = await createSignedInAccount('artist', { firstName: 'Ada', lastName: 'Lovelace' });
    // Act
    const first = await listOffices(handler, person);
    const again = await listOffices(handler, person);
    // Assess
    expect(first).toEqual([
      {
        _id: expect.any(String),
        name: "Ada Lovelace's office",
        type: 'Artist',
        role: 'admin',
        members: [{ user_id: person.userId, role: 'admin', email: person.email }],
      },
    ]);
    expect(again).toEqual(first);
  });

  it('makes one personal office when the first visits come at once', async () => {
    // Prepare
    const handler = await loadHandler();
    const person = await createSignedInAccount('artist');
    // Act
    const results = await Promise.all(
      [1, 2, 3].map(() => call(handler, 'GET', '/api/for-artists/offices', { cookies: [person.cookie] })),
    );
    // Assess
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
    expect(await listOffices(handler, person)).toHaveLength(1);
  });

  it('does not make the personal office again after its owner deleted it', async () => {
    // Prepare
    const handler = await loadHandler();
    const person = await createSignedInAccount('artist');
    const [personal] = await listOffices(handler, person);
    // Act
    const deleted = await call(handler, 'DELETE', `/api/for-artists/offices/${personal?._id}`, {
      cookies: [person.cookie],
    });
    // Assess
    expect(deleted.statusCode).toBe(200);
    expect(await listOffices(handler, person)).toEqual([]);
  });

  it('lists the offices a user belongs to with their own role in each, and none of anyone else', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member, accountant, stranger } = await givenOfficeTeam('Red Covers Management');
    // Act
    const [ofAdmin, ofMember, ofAccountant, ofStranger] = await Promise.all([
      listOffices(handler, admin),
      listOffices(handler, member),
      listOffices(handler, accountant),
      listOffices(handler, stranger),
    ]);
    // Assess
    const roleIn = (offices: OfficeReply[]) => offices.find((item) => item._id === office._id)?.role;
    expect([roleIn(ofAdmin), roleIn(ofMember), roleIn(ofAccountant), roleIn(ofStranger)]).toEqual([
      'admin',
      'member',
      'accountant',
      undefined,
    ]);
    expect(ofMember.find((item) => item._id === office._id)?.members).toEqual([
      { user_id: admin.userId, role: 'admin', email: admin.email },
      { user_id: member.userId, role: 'member', email: member.email },
      { user_id: accountant.userId, role: 'accountant', email: accountant.email },
    ]);
    expect(ofStranger.map((item) => item.role)).toEqual(['admin']);
  });

  it('refuses anyone not signed in as an artist-side user', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    // Act
    const result = await call(handler, 'GET', '/api/for-artists/offices', { cookies: [fan.cookie] });
    // Assess
    expect(result.statusCode).toBe(401);
  });
});

describe('POST /api/for-artists/offices', () => {
  it('creates an office with the caller as its only admin, trimming the name, and lists it', async () => {
    // Prepare
    const handler = await loadHandler();
    const person = await createSignedInAccount('artist');
    // Act
    const result = await call(handler, 'POST', '/api/for-artists/offices', {
      body: { name: '  Blue Label Office  ', type: 'Label' },
      cookies: [person.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(201);
    const office = dataOf<OfficeReply>(result);
    expect(office).toEqual({
      _id: expect.any(String),
      name: 'Blue Label Office',
      type: 'Label',
      role: 'admin',
      members: [{ user_id: person.userId, role: 'admin', email: person.email }],
    });
    expect((await listOffices(handler, person)).map((item) => item.name)).toContain('Blue Label Office');
  });

  it('makes an office of type Artist when no type is given', async () => {
    // Prepare
    const handler = await loadHandler();
    const person = await createSignedInAccount('artist');
    // Act
    const result = await call(handler, 'POST', '/api/for-artists/offices', {
      body: { name: 'Solo' },
      cookies: [person.cookie],
    });
    // Assess
    expect(dataOf<OfficeReply>(result).type).toBe('Artist');
  });

  it.each([
    ['a name of one character after trimming', { name: '  x  ' }, { name: 'Use at least 2 characters' }],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, { name: 'Use at most 100 characters' }],
    ['no name', { type: 'Artist' }, { name: 'Name the office' }],
    ['an unknown type', { name: 'Fine name', type: 'Band' }, { type: 'Choose Artist or Label' }],
  ])('refuses %s with 422 and creates nothing', async (_label, body, fields) => {
    // Prepare
    const handler = await loadHandler();
    const person = await createSignedInAccount('artist');
    // Act
    const result = await call(handler, 'POST', '/api/for-artists/offices', {
      body,
      cookies: [person.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)['fields']).toEqual(fields);
    expect(await listOffices(handler, person)).toHaveLength(1);
  });
});

describe('PATCH /api/for-artists/offices/{officeId} and PATCH /api/for-artists/office/name', () => {
  it('lets the admin change the name and the type, which every member then sees', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member } = await givenOfficeTeam('Red Covers Management');
    // Act
    const result = await call(handler, 'PATCH', `/api/for-artists/offices/${office._id}`, {
      body: { name: ' New Name ', type: 'Artist' },
      cookies: [admin.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf<OfficeReply>(result)).toMatchObject({ _id: office._id, name: 'New Name', type: 'Artist' });
    const seen = (await listOffices(handler, member)).find((item) => item._id === office._id);
    expect(seen).toMatchObject({ name: 'New Name', type: 'Artist', role: 'member' });
  });

  it('renames the selected office through office/name', async () => {
    // Prepare
    const handler = await loadHandler();
    const { admin, office } = await givenOfficeAdmin('Red Covers Management');
    // Act
    const result = await call(handler, 'PATCH', '/api/for-artists/office/name', {
      body: { officeId: office._id, name: 'Renamed Office' },
      cookies: [admin.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf<OfficeReply>(result)).toMatchObject({ name: 'Renamed Office', type: 'Label' });
  });

  it('answers 403 to a member and an accountant, 404 to a stranger and for an unknown office, and changes nothing', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member, accountant, stranger } = await givenOfficeTeam('Red Covers Management');
    const patch = (person: SignedInAccount, officeId = office._id) =>
      call(handler, 'PATCH', `/api/for-artists/offices/${officeId}`, {
        body: { name: 'Taken Over' },
        cookies: [person.cookie],
      });
    const rename = (person: SignedInAccount) =>
      call(handler, 'PATCH', '/api/for-artists/office/name', {
        body: { officeId: office._id, name: 'Taken Over' },
        cookies: [person.cookie],
      });
    // Act
    const statuses = [
      (await patch(member)).statusCode,
      (await patch(accountant)).statusCode,
      (await patch(stranger)).statusCode,
      (await patch(admin, randomUUID())).statusCode,
      (await rename(member)).statusCode,
      (await rename(accountant)).statusCode,
      (await rename(stranger)).statusCode,
    ];
    // Assess
    expect(statuses).toEqual([403, 403, 404, 404, 403, 403, 404]);
    const seen = (await listOffices(handler, admin)).find((item) => item._id === office._id);
    expect(seen?.name).toBe('Red Covers Management');
  });

  it('refuses a name that is too short with 422', async () => {
    // Prepare
    const handler = await loadHandler();
    const { admin, office } = await givenOfficeAdmin('Red Covers Management');
    // Act
    const patched = await call(handler, 'PATCH', `/api/for-artists/offices/${office._id}`, {
      body: { name: 'a' },
      cookies: [admin.cookie],
    });
    const renamed = await call(handler, 'PATCH', '/api/for-artists/office/name', {
      body: { officeId: office._id, name: ' ' },
      cookies: [admin.cookie],
    });
    // Assess
    expect([patched.statusCode, renamed.statusCode]).toEqual([422, 422]);
    expect(bodyOf(patched)['fields']).toEqual({ name: 'Use at least 2 characters' });
  });
});

describe('DELETE /api/for-artists/offices/{officeId}', () => {
  it('lets the admin delete the office with all its members, whom it no longer lists', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member } = await givenOfficeTeam('Red Covers Management');
    // Act
    const result = await call(handler, 'DELETE', `/api/for-artists/offices/${office._id}`, {
      cookies: [admin.cookie],
    });
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf(result)).toEqual({ _id: office._id, deleted: true });
    expect((await listOffices(handler, member)).map((item) => item._id)).not.toContain(office._id);
    expect((await listOffices(handler, admin)).map((item) => item._id)).not.toContain(office._id);
    expect((await listMembers(handler, office._id, admin)).statusCode).toBe(404);
    const { listUserOfficeIds } = await import('../../functions/data/offices/office');
    expect(await listUserOfficeIds(testTable(), member.userId)).not.toContain(office._id);
  });

  it('answers 403 to a member and an accountant and 404 to a stranger, and keeps the office', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member, accountant, stranger } = await givenOfficeTeam('Red Covers Management');
    const remove = (person: SignedInAccount) =>
      call(handler, 'DELETE', `/api/for-artists/offices/${office._id}`, { cookies: [person.cookie] });
    // Act
    const statuses = [
      (await remove(member)).statusCode,
      (await remove(accountant)).statusCode,
      (await remove(stranger)).statusCode,
    ];
    // Assess
    expect(statuses).toEqual([403, 403, 404]);
    expect((await listMembers(handler, office._id, admin)).statusCode).toBe(200);
  });

  it('refuses with 409 and the reason while the office payable holds money, and deletes once it is paid out', async () => {
    // Prepare
    const handler = await loadHandler();
    const { admin, office } = await givenOfficeAdmin('Red Covers Management');
    const posted = await givenPayableHolds(office._id, 1234);
    // Act
    const refused = await call(handler, 'DELETE', `/api/for-artists/offices/${office._id}`, {
      cookies: [admin.cookie],
    });
    const { reverseTransaction } = await import('../../functions/services/ledger');
    const { getClock } = await import('../../functions/runtime/clock');
    await reverseTransaction(
      { table: testTable(), clock: getClock() },
      { transactionId: posted.transaction.id, idempotencyKey: `test-undo-${randomUUID()}` },
    );
    const accepted = await call(handler, 'DELETE', `/api/for-artists/offices/${office._id}`, {
      cookies: [admin.cookie],
    });
    // Assess
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused)).toMatchObject({
      code: 'office_not_empty',
      message: 'This office still holds $12.34. Pay it out before you delete the office.',
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe('GET /api/for-artists/offices/{officeId}/members', () => {
  it('shows every member, with user id, role and e-mail, to each member whatever their role', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member, accountant } = await givenOfficeTeam('Red Covers Management');
    const expected = [
      { user_id: admin.userId, role: 'admin', email: admin.email, status: 'active' },
      { user_id: member.userId, role: 'member', email: member.email, status: 'active' },
      { user_id: accountant.userId, role: 'accountant', email: accountant.email, status: 'active' },
    ];
    // Act
    const results = await Promise.all(
      [admin, member, accountant].map((person) => listMembers(handler, office._id, person)),
    );
    // Assess
    for (const result of results) {
      expect(result.statusCode).toBe(200);
      expect(dataOf<OfficeMemberReply[]>(result)).toEqual(expected);
    }
  });

  it('answers 404 to a stranger, the same as for an office that does not exist', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, stranger } = await givenOfficeTeam('Red Covers Management');
    // Act
    const hidden = await listMembers(handler, office._id, stranger);
    const missing = await listMembers(handler, randomUUID(), stranger);
    // Assess
    expect([hidden.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(bodyOf(hidden)['message']).toBe(bodyOf(missing)['message']);
  });
});

describe('DELETE /api/for-artists/offices/{officeId}/members/{email}', () => {
  const removeMember = (handler: OfficesHandler, officeId: string, email: string, by: SignedInAccount) =>
    call(handler, 'DELETE', `/api/for-artists/offices/${officeId}/members/${encodeURIComponent(email)}`, {
      cookies: [by.cookie],
    });

  it('lets the admin remove a member, who then no longer sees the office', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member } = await givenOfficeTeam('Red Covers Management');
    // Act
    const result = await removeMember(handler, office._id, member.email.toUpperCase(), admin);
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf(result)).toEqual({ user_id: member.userId, role: 'member', email: member.email });
    expect((await listOffices(handler, member)).map((item) => item._id)).not.toContain(office._id);
    expect((await listMembers(handler, office._id, member)).statusCode).toBe(404);
    const { listUserOfficeIds } = await import('../../functions/data/offices/office');
    expect(await listUserOfficeIds(testTable(), member.userId)).not.toContain(office._id);
    const left = dataOf<OfficeMemberReply[]>(await listMembers(handler, office._id, admin));
    expect(left.map((item) => item.user_id)).toEqual([admin.userId, expect.any(String)]);
  });

  it('lets a member and an accountant leave by themselves', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member, accountant } = await givenOfficeTeam('Red Covers Management');
    // Act
    const statuses = [
      (await removeMember(handler, office._id, member.email, member)).statusCode,
      (await removeMember(handler, office._id, accountant.email, accountant)).statusCode,
    ];
    // Assess
    expect(statuses).toEqual([200, 200]);
    const left = dataOf<OfficeMemberReply[]>(await listMembers(handler, office._id, admin));
    expect(left.map((item) => item.user_id)).toEqual([admin.userId]);
  });

  it('answers 403 to a member or accountant removing someone else and 404 to a stranger, and removes no one', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member, accountant, stranger } = await givenOfficeTeam('Red Covers Management');
    // Act
    const statuses = [
      (await removeMember(handler, office._id, accountant.email, member)).statusCode,
      (await removeMember(handler, office._id, admin.email, accountant)).statusCode,
      (await removeMember(handler, office._id, 'nobody@example.com', member)).statusCode,
      (await removeMember(handler, office._id, member.email, stranger)).statusCode,
      (await removeMember(handler, office._id, 'nobody@example.com', admin)).statusCode,
    ];
    // Assess
    expect(statuses).toEqual([403, 403, 403, 404, 404]);
    expect(dataOf<OfficeMemberReply[]>(await listMembers(handler, office._id, admin))).toHaveLength(3);
  });

  it('refuses to let the last admin leave with 409, and lets an admin leave while another admin stays', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin } = await givenOfficeTeam('Red Covers Management');
    // Act
    const refused = await removeMember(handler, office._id, admin.email, admin);
    const secondAdmin = await givenJoined(office._id, 'admin');
    const accepted = await removeMember(handler, office._id, admin.email, admin);
    // Assess
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('last_admin');
    expect(accepted.statusCode).toBe(200);
    const left = dataOf<OfficeMemberReply[]>(await listMembers(handler, office._id, secondAdmin));
    expect(left.filter((item) => item.role === 'admin').map((item) => item.user_id)).toEqual([
      secondAdmin.userId,
    ]);
  });

  it('lets only one of two admins leaving at once go, so the office keeps an admin', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin } = await givenOfficeAdmin('Red Covers Management');
    const secondAdmin = await givenJoined(office._id, 'admin');
    // Act
    const results = await Promise.all([
      removeMember(handler, office._id, admin.email, admin),
      removeMember(handler, office._id, secondAdmin.email, secondAdmin),
    ]);
    // Assess
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    const { getOfficeWithMembers } = await import('../../functions/data/offices/office');
    const stored = await getOfficeWithMembers(testTable(), office._id);
    expect(stored?.members.filter((item) => item.role === 'admin')).toHaveLength(1);
    expect(stored?.office).toMatchObject({ adminCount: 1, memberCount: 1 });
  });
});

describe('the last-admin rule in the table', () => {
  it('refuses removing an admin decided on a read from before the other admin left', async () => {
    // Prepare: both removals are decided on the same read, when the office still had two admins
    const { office } = await givenOfficeAdmin('Red Covers Management');
    const secondAdmin = await givenJoined(office._id, 'admin');
    const { getOfficeWithMembers } = await import('../../functions/data/offices/office');
    const { removeOfficeMember } = await import('../../functions/data/offices/members');
    const table = testTable();
    const before = await getOfficeWithMembers(table, office._id);
    const [first, second] = before?.members ?? [];
    if (!first || !second) throw new Error('the office should have two members');
    // Act
    const outcomes = [
      await removeOfficeMember(table, office._id, first, new Date()),
      await removeOfficeMember(table, office._id, second, new Date()),
    ];
    // Assess
    expect(outcomes).toEqual(['done', 'last-admin']);
    const after = await getOfficeWithMembers(table, office._id);
    expect(after?.members.map((item) => item.userId)).toEqual([secondAdmin.userId]);
    expect(after?.office).toMatchObject({ adminCount: 1, memberCount: 1 });
  });
});

describe('PATCH /api/for-artists/offices/{officeId}/members/{userId}/role', () => {
  const changeRole = (
    handler: OfficesHandler,
    officeId: string,
    userId: string,
    role: string,
    by: SignedInAccount,
  ) =>
    call(handler, 'PATCH', `/api/for-artists/offices/${officeId}/members/${userId}/role`, {
      body: { role },
      cookies: [by.cookie],
    });

  it('lets the admin change a member’s role, which the member list then shows', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member } = await givenOfficeTeam('Red Covers Management');
    // Act
    const result = await changeRole(handler, office._id, member.userId, 'accountant', admin);
    // Assess
    expect(result.statusCode).toBe(200);
    expect(dataOf(result)).toEqual({ user_id: member.userId, role: 'accountant', email: member.email });
    const members = dataOf<OfficeMemberReply[]>(await listMembers(handler, office._id, member));
    expect(members.find((item) => item.user_id === member.userId)?.role).toBe('accountant');
  });

  it('answers 403 to a member or accountant (even for themself) and 404 to a stranger or for someone not in the office', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member, accountant, stranger } = await givenOfficeTeam('Red Covers Management');
    // Act
    const statuses = [
      (await changeRole(handler, office._id, member.userId, 'admin', member)).statusCode,
      (await changeRole(handler, office._id, member.userId, 'admin', accountant)).statusCode,
      (await changeRole(handler, office._id, accountant.userId, 'admin', accountant)).statusCode,
      (await changeRole(handler, office._id, member.userId, 'admin', stranger)).statusCode,
      (await changeRole(handler, office._id, stranger.userId, 'member', admin)).statusCode,
    ];
    // Assess
    expect(statuses).toEqual([403, 403, 403, 404, 404]);
    const roles = dataOf<OfficeMemberReply[]>(await listMembers(handler, office._id, admin)).map(
      (item) => item.role,
    );
    expect(roles).toEqual(['admin', 'member', 'accountant']);
  });

  it('refuses to demote the last admin with 409, and lets them step down once another member is admin', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member } = await givenOfficeTeam('Red Covers Management');
    // Act
    const refused = await changeRole(handler, office._id, admin.userId, 'member', admin);
    const promoted = await changeRole(handler, office._id, member.userId, 'admin', admin);
    const steppedDown = await changeRole(handler, office._id, admin.userId, 'accountant', admin);
    // Assess
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('last_admin');
    expect([promoted.statusCode, steppedDown.statusCode]).toEqual([200, 200]);
    const offices = await listOffices(handler, admin);
    expect(offices.find((item) => item._id === office._id)?.role).toBe('accountant');
  });

  it('lets only one of two admins demoting each other at once succeed', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin } = await givenOfficeAdmin('Red Covers Management');
    const secondAdmin = await givenJoined(office._id, 'admin');
    // Act
    const results = await Promise.all([
      changeRole(handler, office._id, secondAdmin.userId, 'member', admin),
      changeRole(handler, office._id, admin.userId, 'member', secondAdmin),
    ]);
    // Assess: the loser is refused as the last admin (409), or, when it read after the winner, as no admin (403)
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const { getOfficeWithMembers } = await import('../../functions/data/offices/office');
    const stored = await getOfficeWithMembers(testTable(), office._id);
    expect(stored?.members.filter((item) => item.role === 'admin')).toHaveLength(1);
    expect(stored?.office.adminCount).toBe(1);
  });

  it('refuses in the table a demotion read before another admin was demoted, which leaves no admin', async () => {
    // Prepare: both demotions are decided on the same read, when the office still had two admins
    const { office, admin } = await givenOfficeAdmin('Red Covers Management');
    const secondAdmin = await givenJoined(office._id, 'admin');
    const { changeOfficeMemberRole } = await import('../../functions/data/offices/members');
    const { getOfficeWithMembers } = await import('../../functions/data/offices/office');
    const table = testTable();
    const before = await getOfficeWithMembers(table, office._id);
    const asRead = (userId: string) => {
      const found = before?.members.find((item) => item.userId === userId);
      if (!found) throw new Error(`${userId} is not in the office`);
      return found;
    };
    // Act
    const first = await changeOfficeMemberRole(table, office._id, asRead(admin.userId), 'member', new Date());
    const second = await changeOfficeMemberRole(
      table,
      office._id,
      asRead(secondAdmin.userId),
      'member',
      new Date(),
    );
    // Assess
    expect([first, second]).toEqual(['done', 'last-admin']);
    const after = await getOfficeWithMembers(table, office._id);
    expect(after?.members.map((item) => item.role)).toEqual(['member', 'admin']);
  });

  it('refuses an unknown role with 422', async () => {
    // Prepare
    const handler = await loadHandler();
    const { office, admin, member } = await givenOfficeTeam('Red Covers Management');
    // Act
    const result = await changeRole(handler, office._id, member.userId, 'owner', admin);
    // Assess
    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)['fields']).toEqual({ role: 'Choose admin, member or accountant' });
  });
});
