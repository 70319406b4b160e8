// Deleting an artist-side account and the offices it belongs to (SPEC §7, docs/decisions/032-deleting-accounts.md),
// through the artist-auth handler on DynamoDB Local: the last admin of an office that still holds money or claims is
// refused with 409 and told what to do first, and nothing is written; anyone else leaves their offices with the
// account, and an office that holds nothing and loses its last admin goes with it.
import { describe, expect, it } from 'vitest';
import { bodyOf } from '../../support/gateway-event';
import type { SignedInAccount } from '../../support/identity';
import { givenJoined, givenOfficeAdmin } from '../../support/factories/offices';
import { call } from '../../support/identity';
import { givenArtist } from '../../support/factories/catalogue';
import { givenClaim } from '../../support/factories/claims';
import { givenPayableHolds } from '../../support/factories/ledger';
import { testTable } from '../../support/test-table';

async function handlers() {
  const [auth, offices] = await Promise.all([
    import('../../../functions/handlers/artist-auth'),
    import('../../../functions/handlers/artist-offices'),
  ]);
  return { auth: auth.handler, offices: offices.handler };
}

async function deleteAccountOf(person: SignedInAccount) {
  const { auth } = await handlers();
  return call(auth, 'DELETE', '/api/for-artists/auth/delete-account', { cookies: [person.cookie] });
}

async function accountStatusOf(person: SignedInAccount) {
  const { getAccount } = await import('../../../functions/data/accounts');
  return (await getAccount(testTable(), 'artist', person.userId))?.status;
}

async function membersOf(officeId: string) {
  const { getOfficeWithMembers } = await import('../../../functions/data/offices/office');
  const found = await getOfficeWithMembers(testTable(), officeId);
  return found?.members.map((member) => ({ userId: member.userId, role: member.role })) ?? null;
}

async function officeIdsOf(person: SignedInAccount) {
  const { listUserOfficeIds } = await import('../../../functions/data/offices/office');
  return listUserOfficeIds(testTable(), person.userId);
}

describe('deleting the account of the last admin of an office', () => {
  it('is refused with 409 while the office payable holds money, saying what to do first, and nothing changes', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Red Covers Management');
    const member = await givenJoined(office._id, 'member');
    await givenPayableHolds(office._id, 1234);
    const { offices } = await handlers();
    // Act
    const refused = await deleteAccountOf(admin);
    // Assess
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused)).toMatchObject({
      code: 'last_office_admin',
      message:
        'You are the last admin of Red Covers Management, which still holds $12.34. Make another member an admin, or pay it out and delete the office, before you delete your account.',
    });
    expect(await accountStatusOf(admin)).toBe('active');
    expect(await membersOf(office._id)).toEqual([
      { userId: admin.userId, role: 'admin' },
      { userId: member.userId, role: 'member' },
    ]);
    const stillSignedIn = await call(offices, 'GET', '/api/for-artists/offices', { cookies: [admin.cookie] });
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('is refused with 409 while the office has a claim, saying what to do first, and nothing changes', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Night Owl Office');
    await givenClaim(admin, (await givenArtist('Night Owl')).id, office._id);
    // Act
    const refused = await deleteAccountOf(admin);
    // Assess
    expect(refused.statusCode).toBe(409);
    expect(bodyOf(refused)).toMatchObject({
      code: 'last_office_admin',
      message:
        'You are the last admin of Night Owl Office, which still has claims. Make another member an admin, or remove its claimed artists and delete the office, before you delete your account.',
    });
    expect(await accountStatusOf(admin)).toBe('active');
    expect(await membersOf(office._id)).toEqual([{ userId: admin.userId, role: 'admin' }]);
  });

  it('deletes the account and the office with it when the office holds nothing', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Empty Rooms');
    // Act
    const deleted = await deleteAccountOf(admin);
    // Assess
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await accountStatusOf(admin)).toBe('deleted');
    expect(await membersOf(office._id)).toBeNull();
    expect(await officeIdsOf(admin)).toEqual([]);
  });
});

describe('deleting the account of an office member who is not its last admin', () => {
  it('deletes the account and takes the person out of the office, which keeps its money and its other admin', async () => {
    // Prepare
    const { admin, office } = await givenOfficeAdmin('Two Admins Ltd');
    const secondAdmin = await givenJoined(office._id, 'admin');
    const accountant = await givenJoined(office._id, 'accountant');
    await givenPayableHolds(office._id, 500);
    // Act
    const adminLeaves = await deleteAccountOf(admin);
    const accountantLeaves = await deleteAccountOf(accountant);
    // Assess
    expect(adminLeaves.statusCode, adminLeaves.body).toBe(200);
    expect(accountantLeaves.statusCode, accountantLeaves.body).toBe(200);
    expect(await accountStatusOf(admin)).toBe('deleted');
    expect(await accountStatusOf(accountant)).toBe('deleted');
    expect(await membersOf(office._id)).toEqual([{ userId: secondAdmin.userId, role: 'admin' }]);
    expect(await officeIdsOf(admin)).toEqual([]);
    // The one admin left is now the last: their own deletion is refused while the office holds the money.
    const lastRefused = await deleteAccountOf(secondAdmin);
    expect(lastRefused.statusCode).toBe(409);
    expect(bodyOf(lastRefused)['code']).toBe('last_office_admin');
  });
});
