// Office members (docs/data-model.md "Offices"): a member joins, leaves or changes role. Every change of membership or
// role updates the office item's counts under a condition in the same transaction, so two admins demoting each other
// at once cannot leave an office without an admin.
import type { OfficeMember, OfficeRole } from '../../domain/offices/rights';
import { officeKey, officeMemberKey, userOfficeKey } from '../keys';
import type { TableRef, TransactionItem } from '../table';
import { cancelledTransaction, transact } from '../table';
import { buildMemberJoinItems, officeIsThere } from './stored';

/**
 * addOfficeMember: a member joins (accepting an invitation). The
 * member item, their index item and the office's counts change together; 'full' at maxOfficeMembers, 'already-member'
 * when the user is one, 'missing' when the office is gone.
 */
export async function addOfficeMember(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  at: Date,
): Promise<'added' | 'already-member' | 'full' | 'missing'> {
  try {
    await transact(table, buildMemberJoinItems(table, officeId, member, at.toISOString()));
    return 'added';
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (!cancelled) throw error;
    if (cancelled.failed('member')) return 'already-member';
    return (await officeIsThere(table, officeId)) ? 'full' : 'missing';
  }
}

/** What a change of membership came to: done, or refused by a condition because the office changed meanwhile. */
export type MembershipOutcome = 'done' | 'last-admin' | 'changed';

/** A cancelled change: 'last-admin' when it took an admin away and the office's counts refused it, else 'changed'. */
function outcomeOf(error: unknown, takesAnAdmin: boolean): MembershipOutcome {
  const cancelled = cancelledTransaction(error);
  if (!cancelled) throw error;
  return takesAnAdmin && cancelled.failed('officeCounts') ? 'last-admin' : 'changed';
}

/**
 * The items that take a member out of an office: the office's counts (removing an admin needs another admin left,
 * checked first), the member item (still holding the role read) and their index item. `removeOfficeMember`, and
 * deleting a member's account alongside.
 */
export function buildMemberRemovalItems(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  at: Date,
): TransactionItem[] {
  return Object.values(memberRemovalOperations(table, officeId, member, at));
}

function memberRemovalOperations(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  at: Date,
): { officeCounts: TransactionItem; member: TransactionItem; memberIndex: TransactionItem } {
  const removesAdmin = member.role === 'admin';
  return {
    officeCounts: {
      Update: {
        TableName: table.name,
        Key: officeKey(officeId),
        UpdateExpression: removesAdmin
          ? 'SET updatedAt = :at ADD memberCount :minus, adminCount :minus'
          : 'SET updatedAt = :at ADD memberCount :minus',
        ConditionExpression: removesAdmin ? 'adminCount > :one' : 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':at': at.toISOString(),
          ':minus': -1,
          ...(removesAdmin ? { ':one': 1 } : {}),
        },
      },
    },
    member: {
      Delete: {
        TableName: table.name,
        Key: officeMemberKey(officeId, member.userId),
        ConditionExpression: '#role = :role',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': member.role },
      },
    },
    memberIndex: { Delete: { TableName: table.name, Key: userOfficeKey(member.userId, officeId) } },
  };
}

/**
 * removeOfficeMember: `DELETE offices/{officeId}/members/{member}`. Removing an admin needs another admin left
 * ('last-admin'); the member must still hold the role read ('changed').
 */
export async function removeOfficeMember(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  at: Date,
): Promise<MembershipOutcome> {
  try {
    await transact(table, memberRemovalOperations(table, officeId, member, at));
    return 'done';
  } catch (error) {
    return outcomeOf(error, member.role === 'admin');
  }
}

/**
 * changeOfficeMemberRole: `PATCH offices/{officeId}/members/{member}/role`. Demoting an admin needs another admin
 * left ('last-admin'); the member must still hold the role read ('changed').
 */
export async function changeOfficeMemberRole(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  role: OfficeRole,
  at: Date,
): Promise<MembershipOutcome> {
  if (member.role === role) return 'done';
  const adminChange = member.role === 'admin' ? -1 : role === 'admin' ? 1 : 0;
  try {
    await transact(table, {
      officeCounts: {
        Update: {
          TableName: table.name,
          Key: officeKey(officeId),
          UpdateExpression:
            adminChange === 0 ? 'SET updatedAt = :at' : 'SET updatedAt = :at ADD adminCount :change',
          ConditionExpression: adminChange < 0 ? 'adminCount > :one' : 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':at': at.toISOString(),
            ...(adminChange === 0 ? {} : { ':change': adminChange }),
            ...(adminChange < 0 ? { ':one': 1 } : {}),
          },
        },
      },
      member: {
        Update: {
          TableName: table.name,
          Key: officeMemberKey(officeId, member.userId),
          UpdateExpression: 'SET #role = :role',
          ConditionExpression: '#role = :from',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':role': role, ':from': member.role },
        },
      },
    });
    return 'done';
  } catch (error) {
    return outcomeOf(error, adminChange < 0);
  }
}
