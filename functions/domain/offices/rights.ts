// Who may do what in an office (SPEC §6), decided from the office's member list and the caller's user id
// only, so every right has one answer whichever route asks. `admin` does everything; `member` sees the office and
// its assigned artists and cannot manage members or money; `accountant` reads every balance, transaction and payout
// and changes nothing. An office always keeps at least one admin: the last one can neither leave nor be demoted.
import type { officeRoles } from '../../contracts/offices';
import { AppError } from '../errors';

export type OfficeRole = (typeof officeRoles)[number];

export interface OfficeMember {
  userId: string;
  role: OfficeRole;
  email: string;
}

/** What a caller may ask of an office. */
export type OfficeRight =
  /** See the office, its name, type and members. */
  | 'view-office'
  /** Rename it, change its type, delete it. */
  | 'manage-office'
  /** Add and remove members, change their roles, assign artists to them. */
  | 'manage-members'
  /** Read every balance, transaction and payout. */
  | 'read-money'
  /** Onboard a payment account, pay out, give back. */
  | 'manage-money'
  /** See every artist of the office, not only those assigned. */
  | 'see-every-artist';

const rightsOfRole: Record<OfficeRole, ReadonlySet<OfficeRight>> = {
  admin: new Set<OfficeRight>([
    'view-office',
    'manage-office',
    'manage-members',
    'read-money',
    'manage-money',
    'see-every-artist',
  ]),
  member: new Set<OfficeRight>(['view-office']),
  accountant: new Set<OfficeRight>(['view-office', 'read-money', 'see-every-artist']),
};

export function findMember(members: readonly OfficeMember[], userId: string): OfficeMember | undefined {
  return members.find((member) => member.userId === userId);
}

/** The caller's role in the office, or null when they are not a member of it. */
export function roleOf(members: readonly OfficeMember[], userId: string): OfficeRole | null {
  return findMember(members, userId)?.role ?? null;
}

export function hasOfficeRight(
  members: readonly OfficeMember[],
  userId: string,
  right: OfficeRight,
): boolean {
  const role = roleOf(members, userId);
  return role !== null && rightsOfRole[role].has(right);
}

/** SPEC §6: the current user is an admin of the office when their member entry has role 'admin'. */
export function isOfficeAdmin(members: readonly OfficeMember[], userId: string): boolean {
  return roleOf(members, userId) === 'admin';
}

export function canViewOffice(members: readonly OfficeMember[], userId: string): boolean {
  return hasOfficeRight(members, userId, 'view-office');
}

export function canManageOffice(members: readonly OfficeMember[], userId: string): boolean {
  return hasOfficeRight(members, userId, 'manage-office');
}

export function canManageMembers(members: readonly OfficeMember[], userId: string): boolean {
  return hasOfficeRight(members, userId, 'manage-members');
}

export function canReadMoney(members: readonly OfficeMember[], userId: string): boolean {
  return hasOfficeRight(members, userId, 'read-money');
}

export function canManageMoney(members: readonly OfficeMember[], userId: string): boolean {
  return hasOfficeRight(members, userId, 'manage-money');
}

export function canSeeEveryArtist(members: readonly OfficeMember[], userId: string): boolean {
  return hasOfficeRight(members, userId, 'see-every-artist');
}

export const officeMessages = {
  notFound: 'We could not find this office.',
  forbidden: 'Your role in this office does not allow this.',
  memberNotFound: 'This person is not a member of this office.',
  lastAdmin: 'An office needs at least one admin: make another member an admin first.',
} as const;

/**
 * Throws unless the caller holds `right`: someone outside the office gets a 404, so an office's existence is not
 * revealed to strangers; a member without the right gets a 403.
 */
export function requireOfficeRight(
  members: readonly OfficeMember[],
  userId: string,
  right: OfficeRight,
): OfficeMember {
  const caller = findMember(members, userId);
  if (!caller) throw new AppError('not_found', officeMessages.notFound);
  if (!rightsOfRole[caller.role].has(right)) throw new AppError('forbidden', officeMessages.forbidden);
  return caller;
}

function countAdmins(members: readonly OfficeMember[]): number {
  return members.filter((member) => member.role === 'admin').length;
}

/** Whether `target` is the office's only admin, so removing or demoting them would leave it without one. */
export function isLastAdmin(members: readonly OfficeMember[], target: OfficeMember): boolean {
  return target.role === 'admin' && countAdmins(members) <= 1;
}

const lastAdmin = () => new AppError('conflict', officeMessages.lastAdmin, { code: 'last_admin' });

/**
 * Removing `target` from the office: an admin removes anyone, anyone else only themself, and the last admin cannot
 * leave. The caller must be a member (404 otherwise).
 */
export function checkMemberRemoval(
  members: readonly OfficeMember[],
  callerId: string,
  target: OfficeMember,
): void {
  const caller = findMember(members, callerId);
  if (!caller) throw new AppError('not_found', officeMessages.notFound);
  const removesThemself = caller.userId === target.userId;
  if (!removesThemself && !rightsOfRole[caller.role].has('manage-members')) {
    throw new AppError('forbidden', officeMessages.forbidden);
  }
  if (isLastAdmin(members, target)) throw lastAdmin();
}

/** Changing `target`'s role: admins only, and the last admin cannot be demoted. */
export function checkRoleChange(
  members: readonly OfficeMember[],
  callerId: string,
  target: OfficeMember,
  role: OfficeRole,
): void {
  requireOfficeRight(members, callerId, 'manage-members');
  if (role !== 'admin' && isLastAdmin(members, target)) throw lastAdmin();
}
