// Offices and their people for integration tests: an artist-side user opens an office through the artist-offices
// handler (its admin), and others join it with a role through data/offices/members.ts, the write accepting an
// invitation makes, or by the invitation itself: mailed by the admin, its link read from the local outbox as the
// invitee's mailbox shows it, and accepted. Every call signs up new accounts, so the office and its people are new
// each time.
import { expect } from 'vitest';
import type { OfficeReply } from '../../../functions/contracts/offices';
import type { OfficeStripeAccount } from '../../../functions/data/offices/stripe-account';
import type { OfficeRole } from '../../../functions/domain/offices/rights';
import type { SignedInAccount } from '../identity';
import type { HandlerResult } from '../identity';
import { call, createSignedInAccount, dataOf, findMail } from '../identity';
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

/**
 * A new office (of a new admin) with a member and an accountant who joined it, and a stranger: an artist-side user
 * who is not in it.
 */
export async function givenOfficeTeam(name = 'Static Records'): Promise<{
  office: OfficeReply;
  admin: SignedInAccount;
  member: SignedInAccount;
  accountant: SignedInAccount;
  stranger: SignedInAccount;
}> {
  const { admin, office } = await givenOfficeAdmin(name);
  const member = await givenJoined(office._id, 'member');
  const accountant = await givenJoined(office._id, 'accountant');
  const stranger = await createSignedInAccount('artist');
  return { office, admin, member, accountant, stranger };
}

const loadOffices = async () => (await import('../../../functions/handlers/artist-offices')).handler;

/** `by` invites the address to the office with the role (`POST offices/{id}/members`). */
export async function inviteToOffice(
  officeId: string,
  by: SignedInAccount,
  email: string,
  role: OfficeRole = 'member',
): Promise<HandlerResult> {
  return call(await loadOffices(), 'POST', `/api/for-artists/offices/${officeId}/members`, {
    body: { email, role },
    cookies: [by.cookie],
  });
}

/** The secret of the newest invitation mail to `email`, read from its link as the invitee would open it. */
export async function invitationMailedTo(email: string): Promise<{ token: string; link: string }> {
  const mail = await findMail(email, 'Join ');
  const link = mail.links[0] ?? '';
  return { token: new URL(link).searchParams.get('token') ?? '', link };
}

/** `by` accepts the invitation of the token (`POST offices/accept-invitation/{token}`). */
export async function acceptInvitation(
  officeId: string,
  token: string,
  by: SignedInAccount,
): Promise<HandlerResult> {
  return call(
    await loadOffices(),
    'POST',
    `/api/for-artists/offices/accept-invitation/${encodeURIComponent(token)}`,
    { body: { officeId }, cookies: [by.cookie] },
  );
}

/** A new artist-side user invited by mail to the office with the role, who accepted with their own account. */
export async function givenJoinedByInvitation(
  officeId: string,
  admin: SignedInAccount,
  role: OfficeRole,
): Promise<SignedInAccount> {
  const person = await createSignedInAccount('artist');
  expect((await inviteToOffice(officeId, admin, person.email, role)).statusCode).toBe(201);
  const { token } = await invitationMailedTo(person.email);
  expect((await acceptInvitation(officeId, token, person)).statusCode).toBe(200);
  return person;
}

/** A new office (`name`, of a new admin) that has invited the address as a member. */
export async function givenOfficeWithInvitation(
  email: string,
  name = 'Static Records',
): Promise<{ admin: SignedInAccount; office: OfficeReply }> {
  const given = await givenOfficeAdmin(name);
  const invited = await inviteToOffice(given.office._id, given.admin, email);
  expect(invited.statusCode, invited.body).toBe(201);
  return given;
}

/** A connected account that takes charges and pays out, nothing due, as `account.updated` stores it at `checkedAt`. */
export function readyStripeAccount(accountId: string, checkedAt = new Date()): OfficeStripeAccount {
  return {
    accountId,
    chargesEnabled: true,
    payoutsEnabled: true,
    detailsSubmitted: true,
    currentlyDue: [],
    disabledReason: null,
    checkedAt: checkedAt.toISOString(),
  };
}
