// Offices, members and roles (SPEC §3, §6, §7 "Offices" and "Members"): the artist area's use cases. Every
// call on an office passes the office gate (office-gate.ts) with its route's right: someone outside an office gets a
// 404, so its existence is not revealed; a member without the right gets a 403. The counts on the office item make the
// last-admin rule hold under concurrent changes too (data/offices/members.ts).
import { randomUUID } from 'node:crypto';
import type {
  DeletedOfficeReply,
  OfficeMemberEntryReply,
  OfficeMemberReply,
  OfficeReply,
} from '../../contracts/offices';
import type { OfficeWithMembers } from '../../data/offices/office';
import { deleteOfficeInvitation, getOfficeInvitation } from '../../data/offices/invitations';
import { changeOfficeMemberRole, removeOfficeMember } from '../../data/offices/members';
import {
  createOffice,
  deleteOffice,
  hasPersonalOffice,
  listUserOffices,
  updateOffice,
} from '../../data/offices/office';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import { normalizeEmail } from '../../domain/identity/email-address';
import { accountIdOf } from '../../domain/money/ledger';
import type { OfficeType } from '../../domain/offices/office';
import { normaliseOfficeName, personalOfficeName } from '../../domain/offices/office';
import type { OfficeMember, OfficeRole } from '../../domain/offices/rights';
import { checkMemberRemoval, checkRoleChange, findMember, officeMessages } from '../../domain/offices/rights';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { requireAccount } from '../identity/accounts';
import { getBalance } from '../ledger';
import { checkOfficeClaimsBlockingDeletion } from './office-claims';
import { requireFurtherRight, requireOffice } from './office-gate';

export interface OfficeDependencies {
  table: TableRef;
  clock: Clock;
}

/** The deployment's table and the product clock. */
export function officeDependencies(): OfficeDependencies {
  return { table: getTable(), clock: getClock() };
}

const changedMeanwhile = () =>
  new AppError('conflict', 'This office changed at the same time elsewhere. Please try again.');

function toMemberReply(member: OfficeMember): OfficeMemberReply {
  return { user_id: member.userId, role: member.role, email: member.email };
}

function toOfficeReply({ office, members }: OfficeWithMembers, callerId: string): OfficeReply {
  const caller = findMember(members, callerId);
  if (!caller) throw new AppError('not_found', officeMessages.notFound);
  return {
    _id: office.id,
    name: office.name,
    type: office.type,
    role: caller.role,
    members: members.map(toMemberReply),
  };
}

/**
 * A new artist-side user's personal office, made at their first `GET offices` rather than at registration: every
 * way an artist account comes to exist (e-mail registration, Google sign-up, staff seeding, accounts made before
 * offices existed) passes here, and registration's transaction stays as it is. A guard item makes it once per user,
 * even under two first visits at once or after the user deleted it.
 */
async function provisionPersonalOffice(deps: OfficeDependencies, userId: string): Promise<void> {
  if (await hasPersonalOffice(deps.table, userId)) return;
  const account = await requireAccount(deps, 'artist', userId);
  await createOffice(
    deps.table,
    { id: randomUUID(), name: personalOfficeName(account.firstName, account.lastName), type: 'Artist' },
    { userId, email: account.email },
    deps.clock.now(),
    { personal: true },
  );
}

/** `GET offices`: the caller's offices, oldest first, each with the caller's role and the members. */
export async function listMyOffices(deps: OfficeDependencies, userId: string): Promise<OfficeReply[]> {
  await provisionPersonalOffice(deps, userId);
  const offices = await listUserOffices(deps.table, userId);
  return offices.map((office) => toOfficeReply(office, userId));
}

/** `POST offices`: a new office whose only member, an admin, is the caller. */
export async function createOfficeForUser(
  deps: OfficeDependencies,
  userId: string,
  input: { name: string; type?: OfficeType | undefined },
): Promise<OfficeReply> {
  const account = await requireAccount(deps, 'artist', userId);
  const office = { id: randomUUID(), name: normaliseOfficeName(input.name), type: input.type ?? 'Artist' };
  await createOffice(deps.table, office, { userId, email: account.email }, deps.clock.now());
  return {
    _id: office.id,
    name: office.name,
    type: office.type,
    role: 'admin',
    members: [{ user_id: userId, role: 'admin', email: account.email }],
  };
}

/** `PATCH offices/{officeId}` and `PATCH office/name`: admins only. */
export async function updateOfficeDetails(
  deps: OfficeDependencies,
  userId: string,
  officeId: string,
  changes: { name?: string | undefined; type?: OfficeType | undefined },
): Promise<OfficeReply> {
  const found = await requireOffice(deps, userId, officeId, 'manage-office');
  const updated = await updateOffice(
    deps.table,
    officeId,
    {
      ...(changes.name === undefined ? {} : { name: normaliseOfficeName(changes.name) }),
      ...(changes.type === undefined ? {} : { type: changes.type }),
    },
    deps.clock.now(),
  );
  if (!updated) throw new AppError('not_found', officeMessages.notFound);
  return toOfficeReply({ office: updated, members: found.members }, userId);
}

function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/**
 * `DELETE offices/{officeId}`: admins only, refused with 409 `office_not_empty` while the office payable holds money
 * or the office has claims (none until claims are built: office-claims.ts).
 */
export async function deleteOfficeOfUser(
  deps: OfficeDependencies,
  userId: string,
  officeId: string,
): Promise<DeletedOfficeReply> {
  const found = await requireOffice(deps, userId, officeId, 'manage-office');
  const [payable, claims] = await Promise.all([
    getBalance(deps, accountIdOf('office-payable', officeId)),
    checkOfficeClaimsBlockingDeletion(deps, officeId),
  ]);
  if (payable !== 0) {
    throw new AppError(
      'conflict',
      `This office still holds ${formatDollars(payable)}. Pay it out before you delete the office.`,
      { code: 'office_not_empty' },
    );
  }
  if (claims !== 'none') {
    throw new AppError(
      'conflict',
      'This office still has claims. Remove its claimed artists before you delete the office.',
      { code: 'office_not_empty' },
    );
  }
  if ((await deleteOffice(deps.table, found)) === 'changed') throw changedMeanwhile();
  return { _id: officeId, deleted: true };
}

/** `GET offices/{officeId}/members`: any member. */
export async function listOfficeMembers(
  deps: OfficeDependencies,
  userId: string,
  officeId: string,
): Promise<OfficeMemberReply[]> {
  const found = await requireOffice(deps, userId, officeId, 'view-office');
  return found.members.map(toMemberReply);
}

function throwUnlessDone(outcome: 'done' | 'last-admin' | 'changed'): void {
  if (outcome === 'last-admin') {
    throw new AppError('conflict', officeMessages.lastAdmin, { code: 'last_admin' });
  }
  if (outcome === 'changed') throw changedMeanwhile();
}

/**
 * `DELETE offices/{officeId}/members/{email}`: an admin removes anyone, a member only themself; the last admin
 * cannot leave. For an address with a pending invitation instead, an admin withdraws it (decision 026: its link
 * answers 404 from then on). A member the office does not have is a 404.
 */
export async function removeMemberByEmail(
  deps: OfficeDependencies,
  userId: string,
  officeId: string,
  email: string,
): Promise<OfficeMemberReply | OfficeMemberEntryReply> {
  const found = await requireOffice(deps, userId, officeId, 'view-office');
  const wanted = normalizeEmail(email);
  const target = found.members.find((member) => member.email === wanted);
  if (!target) {
    // Only those who may manage members learn whether an address belongs to the office.
    requireFurtherRight(found, 'manage-members');
    const invitation = await getOfficeInvitation(deps.table, officeId, wanted);
    if (invitation?.status === 'pending' && (await deleteOfficeInvitation(deps.table, officeId, wanted))) {
      return { user_id: null, role: invitation.role, email: wanted, status: 'invited' };
    }
    throw new AppError('not_found', officeMessages.memberNotFound);
  }
  checkMemberRemoval(found.members, userId, target);
  throwUnlessDone(await removeOfficeMember(deps.table, officeId, target, deps.clock.now()));
  return toMemberReply(target);
}

/** `PATCH offices/{officeId}/members/{userId}/role`: admins only; the last admin cannot be demoted. */
export async function changeMemberRole(
  deps: OfficeDependencies,
  userId: string,
  officeId: string,
  memberUserId: string,
  role: OfficeRole,
): Promise<OfficeMemberReply> {
  const found = await requireOffice(deps, userId, officeId, 'manage-members');
  const target = findMember(found.members, memberUserId);
  if (!target) throw new AppError('not_found', officeMessages.memberNotFound);
  checkRoleChange(found.members, userId, target, role);
  throwUnlessDone(await changeOfficeMemberRole(deps.table, officeId, target, role, deps.clock.now()));
  return toMemberReply({ ...target, role });
}
