// Offices and their people for integration tests: an artist-side user opens an office through the artist-offices
// handler (its admin), and others join it with a role through data/offices/members.ts, the write accepting an
// invitation makes. Every call signs up new accounts, so the office and its people are new each time.
import { expect } from 'vitest';
import type { OfficeReply } from '../../../functions/contracts/offices';
import type { OfficeRole } from '../../../functions/domain/offices/rights';
import type { SignedInAccount } from '../identity';
import { call, createSignedInAccount, dataOf } from '../identity';
import { testTable } from '../test-table';

/** A new office opened by `admin` (an artist-side user, who may have others) through `POST offices`. */
export async function givenOfficeOf(
  admin: SignedInAccount,
  name = 'Static Records',
  type: OfficeReply['type'] = 'Label',
): Promise<OfficeReply> {
  const offices = (await import('../../../functions/handlers/artist-offices')).handler;
  const result = await call(offices, 'POST', '/api/for-artists/offices', {
    body: { name, type },
    cookies: [admin.cookie],
  });
  expect(result.statusCode, result.body).toBe(201);
  return dataOf<OfficeReply>(result);
}

/** A new artist-side user with a new office of their own, made through `POST offices`. */
export async function givenOfficeAdmin(
  name = 'Static Records',
  type: OfficeReply['type'] = 'Label',
): Promise<{ admin: SignedInAccount; office: OfficeReply }> {
  const admin = await createSignedInAccount('artist');
  return { admin, office: await givenOfficeOf(admin, name, type) };
}

/** A new artist-side user who has joined the office with the role. */
export async function givenJoined(officeId: string, role: OfficeRole): Promise<SignedInAccount> {
  const { addOfficeMember } = await import('../../../functions/data/offices/members');
  const person = await createSignedInAccount('artist');
  const outcome = await addOfficeMember(
    testTable(),
    officeId,
    { userId: person.userId, role, email: person.email },
    new Date(),
  );
  expect(outcome).toBe('added');
  return person;
}
