// The stored shape shared by the office modules of data/offices/ (docs/data-model.md "Offices"): the items' version,
// a role as stored, and the two items a membership is: the member item in the office's partition and its index item
// in the member's own partition. An office is made with its first admin's items, a member joins with them, and an
// accepted invitation writes them, each in its own transaction.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { OfficeMember, OfficeRole } from '../../domain/offices/rights';
import { officeMemberKey, userOfficeKey } from '../keys';
import type { TableRef, TransactionItem } from '../table';
import { putNewItem } from '../table';

export const officeVersion = 1;

export type Item = Record<string, NativeAttributeValue>;

export function toRole(value: unknown): OfficeRole {
  return value === 'admin' || value === 'accountant' ? value : 'member';
}

/**
 * buildMemberItems: the new member item and the member's index item (each on condition it is not there yet), named
 * for `transact`.
 */
export function buildMemberItems(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  at: string,
): { member: TransactionItem; memberIndex: TransactionItem } {
  return {
    member: putNewItem(table, {
      ...officeMemberKey(officeId, member.userId),
      entity: 'office-member',
      v: officeVersion,
      officeId,
      userId: member.userId,
      role: member.role,
      email: member.email,
      joinedAt: at,
    }),
    memberIndex: putNewItem(table, {
      ...userOfficeKey(member.userId, officeId),
      entity: 'user-office',
      v: officeVersion,
      officeId,
      userId: member.userId,
      joinedAt: at,
    }),
  };
}
