import { describe, expect, it } from 'vitest';
import { errorOf } from '../support/app-error';
import { normaliseOfficeName, personalOfficeName } from '../../functions/domain/offices/office';
import type { OfficeMember, OfficeRight } from '../../functions/domain/offices/rights';
import {
  canManageMembers,
  canManageMoney,
  canManageOffice,
  canReadMoney,
  canSeeEveryArtist,
  canViewOffice,
  checkMemberRemoval,
  checkRoleChange,
  hasOfficeRight,
  isOfficeAdmin,
  requireOfficeRight,
} from '../../functions/domain/offices/rights';

const admin: OfficeMember = { userId: 'u-admin', role: 'admin', email: 'admin@example.com' };
const secondAdmin: OfficeMember = { userId: 'u-admin-2', role: 'admin', email: 'admin2@example.com' };
const member: OfficeMember = { userId: 'u-member', role: 'member', email: 'member@example.com' };
const accountant: OfficeMember = { userId: 'u-accountant', role: 'accountant', email: 'books@example.com' };
const team = [admin, member, accountant];
const stranger = 'u-stranger';

describe('office rights by role', () => {
  it.each([
    ['view-office', true, true, true],
    ['manage-office', true, false, false],
    ['manage-members', true, false, false],
    ['read-money', true, false, true],
    ['manage-money', true, false, false],
    ['see-every-artist', true, false, true],
  ] as const)('%s: admin %s, member %s, accountant %s', (right, forAdmin, forMember, forAccountant) => {
    // Act
    const answers = [admin, member, accountant].map((person) =>
      hasOfficeRight(team, person.userId, right as OfficeRight),
    );
    // Assess
    expect(answers).toEqual([forAdmin, forMember, forAccountant]);
    expect(hasOfficeRight(team, stranger, right)).toBe(false);
  });

  it('names each right with a predicate that answers as the role table does', () => {
    // Act
    const rows = [admin.userId, member.userId, accountant.userId, stranger].map((userId) => [
      canViewOffice(team, userId),
      canManageOffice(team, userId),
      canManageMembers(team, userId),
      canReadMoney(team, userId),
      canManageMoney(team, userId),
      canSeeEveryArtist(team, userId),
    ]);
    // Assess
    expect(rows).toEqual([
      [true, true, true, true, true, true],
      [true, false, false, false, false, false],
      [true, false, false, true, false, true],
      [false, false, false, false, false, false],
    ]);
  });

  it('treats the caller as an admin only when their member entry has role admin (SPEC §6)', () => {
    expect(isOfficeAdmin(team, admin.userId)).toBe(true);
    expect(isOfficeAdmin(team, member.userId)).toBe(false);
    expect(isOfficeAdmin(team, accountant.userId)).toBe(false);
    expect(isOfficeAdmin(team, stranger)).toBe(false);
  });

  it('refuses a stranger with not_found, so the office is not revealed, and a member without the right with forbidden', () => {
    // Act
    const strangerError = errorOf(() => requireOfficeRight(team, stranger, 'view-office'));
    const memberError = errorOf(() => requireOfficeRight(team, member.userId, 'manage-office'));
    const accountantError = errorOf(() => requireOfficeRight(team, accountant.userId, 'manage-money'));
    // Assess
    expect(strangerError.kind).toBe('not_found');
    expect(memberError.kind).toBe('forbidden');
    expect(accountantError.kind).toBe('forbidden');
    expect(requireOfficeRight(team, accountant.userId, 'read-money')).toEqual(accountant);
  });
});

describe('removing a member', () => {
  it('lets an admin remove anyone else, and anyone remove themself', () => {
    expect(() => checkMemberRemoval(team, admin.userId, member)).not.toThrow();
    expect(() => checkMemberRemoval(team, admin.userId, accountant)).not.toThrow();
    expect(() => checkMemberRemoval(team, member.userId, member)).not.toThrow();
    expect(() => checkMemberRemoval(team, accountant.userId, accountant)).not.toThrow();
  });

  it('forbids a member or an accountant to remove someone else, and hides the office from a stranger', () => {
    expect(errorOf(() => checkMemberRemoval(team, member.userId, accountant)).kind).toBe('forbidden');
    expect(errorOf(() => checkMemberRemoval(team, accountant.userId, admin)).kind).toBe('forbidden');
    expect(errorOf(() => checkMemberRemoval(team, stranger, member)).kind).toBe('not_found');
  });

  it('refuses to let the last admin leave, and lets an admin leave when another admin stays', () => {
    // Act
    const lastAdminLeaving = errorOf(() => checkMemberRemoval(team, admin.userId, admin));
    // Assess
    expect(lastAdminLeaving.kind).toBe('conflict');
    expect(lastAdminLeaving.code).toBe('last_admin');
    expect(() => checkMemberRemoval([...team, secondAdmin], admin.userId, admin)).not.toThrow();
    expect(() => checkMemberRemoval([...team, secondAdmin], secondAdmin.userId, admin)).not.toThrow();
  });
});

describe('changing a role', () => {
  it('lets an admin promote and demote others', () => {
    expect(() => checkRoleChange(team, admin.userId, member, 'accountant')).not.toThrow();
    expect(() => checkRoleChange(team, admin.userId, accountant, 'admin')).not.toThrow();
    expect(() => checkRoleChange([...team, secondAdmin], admin.userId, secondAdmin, 'member')).not.toThrow();
  });

  it('refuses anyone but an admin, including someone promoting themself', () => {
    expect(errorOf(() => checkRoleChange(team, member.userId, member, 'admin')).kind).toBe('forbidden');
    expect(errorOf(() => checkRoleChange(team, accountant.userId, member, 'admin')).kind).toBe('forbidden');
    expect(errorOf(() => checkRoleChange(team, stranger, member, 'admin')).kind).toBe('not_found');
  });

  it('refuses to demote the last admin, even by themself, but lets them stay admin', () => {
    // Act
    const demoted = errorOf(() => checkRoleChange(team, admin.userId, admin, 'member'));
    // Assess
    expect(demoted.code).toBe('last_admin');
    expect(errorOf(() => checkRoleChange(team, admin.userId, admin, 'accountant')).code).toBe('last_admin');
    expect(() => checkRoleChange(team, admin.userId, admin, 'admin')).not.toThrow();
  });
});

describe('office names', () => {
  it('trims the name and keeps 2 to 100 characters', () => {
    expect(normaliseOfficeName('  Red Covers Management  ')).toBe('Red Covers Management');
    expect(normaliseOfficeName('ab')).toBe('ab');
    expect(normaliseOfficeName('x'.repeat(100))).toBe('x'.repeat(100));
  });

  it.each([
    ['one character after trimming', '  a  ', 'Use at least 2 characters'],
    ['101 characters', 'x'.repeat(101), 'Use at most 100 characters'],
  ])('refuses a name of %s with a field message', (_label, name, message) => {
    // Act
    const error = errorOf(() => normaliseOfficeName(name));
    // Assess
    expect(error.kind).toBe('validation_failed');
    expect(error.fields).toEqual({ name: message });
  });

  it('names a personal office after the person, or "My office" while the name is unknown or too long', () => {
    expect(personalOfficeName(' Ada ', 'Lovelace')).toBe("Ada Lovelace's office");
    expect(personalOfficeName('Ada', null)).toBe("Ada's office");
    expect(personalOfficeName(null, '  ')).toBe('My office');
    expect(personalOfficeName('x'.repeat(95), 'y')).toBe('My office');
  });
});
