// Office invitations (docs/data-model.md "Offices", decision 026). An invitation lives in the office's partition under
// `INVITATION#<email>`, one per address: a second invitation to the same address replaces an accepted or expired one,
// never a pending one. Accepting consumes it and makes the membership in one transaction.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { OfficeInvitation } from '../../domain/offices/invitations';
import type { OfficeMember } from '../../domain/offices/rights';
import { officeKey, officePartition } from '../keys';
import { readStored } from '../stored-item';
import type { TableRef, TransactionItem } from '../table';
import { cancelledTransaction, queryAll, transact } from '../table';
import type { Item } from './stored';
import { buildMemberJoinItems, officeIsThere, officeVersion, storedInvitationSchema } from './stored';

const invitationSortPrefix = 'INVITATION#';

function officeInvitationKey(officeId: string, email: string) {
  return { pk: officePartition(officeId), sk: `${invitationSortPrefix}${email}` };
}

function toInvitation(item: Item): OfficeInvitation {
  return readStored('office invitation', storedInvitationSchema, item);
}

/** listOfficeInvitations: every invitation of the office (at most one per address), oldest first. */
export async function listOfficeInvitations(table: TableRef, officeId: string): Promise<OfficeInvitation[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': officePartition(officeId), ':prefix': invitationSortPrefix },
    ConsistentRead: true,
  });
  return items.map(toInvitation).sort((a, b) => a.invitedAt.localeCompare(b.invitedAt));
}

/** getOfficeInvitation: the office's invitation to this (normalised) address, or null. */
export async function getOfficeInvitation(
  table: TableRef,
  officeId: string,
  email: string,
): Promise<OfficeInvitation | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: officeInvitationKey(officeId, email),
      ConsistentRead: true,
    }),
  );
  return Item ? toInvitation(Item) : null;
}

/**
 * putOfficeInvitation: `POST offices/{officeId}/members`. The invitation and its mail in one transaction, on
 * condition that the office exists and no pending, unexpired invitation to the address is there ('pending').
 */
export async function putOfficeInvitation(
  table: TableRef,
  invitation: OfficeInvitation,
  mail: TransactionItem,
  now: Date,
  {
    onlyWithoutAdmin = false,
    alongside = [],
  }: {
    /** Staff hand an office with no admin to a new one: refused ('has-admin') once the office has an admin. */
    onlyWithoutAdmin?: boolean;
    /** Written in the same transaction (staff's audit entry); 'alongside' when one failed its condition. */
    alongside?: readonly TransactionItem[];
  } = {},
): Promise<'invited' | 'pending' | 'missing' | 'has-admin' | 'alongside'> {
  try {
    await transact(table, {
      office: {
        ConditionCheck: {
          TableName: table.name,
          Key: officeKey(invitation.officeId),
          ConditionExpression: onlyWithoutAdmin
            ? 'attribute_exists(pk) AND (attribute_not_exists(adminCount) OR adminCount <= :zero)'
            : 'attribute_exists(pk)',
          ...(onlyWithoutAdmin ? { ExpressionAttributeValues: { ':zero': 0 } } : {}),
        },
      },
      invitation: {
        Put: {
          TableName: table.name,
          Item: {
            ...officeInvitationKey(invitation.officeId, invitation.email),
            entity: 'office-invitation',
            v: officeVersion,
            ...invitation,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR #status <> :pending OR expiresAt <= :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending', ':now': now.toISOString() },
        },
      },
      mail,
      alongside,
    });
    return 'invited';
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (!cancelled) throw error;
    if (cancelled.failed('alongside')) return 'alongside';
    if (cancelled.failed('office')) {
      if (!onlyWithoutAdmin) return 'missing';
      return (await officeIsThere(table, invitation.officeId)) ? 'has-admin' : 'missing';
    }
    if (cancelled.failed('invitation')) return 'pending';
    throw error;
  }
}

/**
 * renewInvitationToken: `POST offices/{officeId}/resend-invitation`. A new secret and 7 more days for a pending
 * invitation, with the new mail; the old secret's hash is gone, so its link is dead. 'not-pending' when it was
 * accepted (or is gone) meanwhile.
 */
export async function renewInvitationToken(
  table: TableRef,
  officeId: string,
  email: string,
  change: { tokenHash: string; invitedAt: string; expiresAt: string; invitedBy: string },
  mail: TransactionItem,
): Promise<'renewed' | 'not-pending'> {
  try {
    await transact(table, {
      invitation: {
        Update: {
          TableName: table.name,
          Key: officeInvitationKey(officeId, email),
          UpdateExpression: 'SET tokenHash = :hash, invitedAt = :at, expiresAt = :expires, invitedBy = :by',
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':hash': change.tokenHash,
            ':at': change.invitedAt,
            ':expires': change.expiresAt,
            ':by': change.invitedBy,
            ':pending': 'pending',
          },
        },
      },
      mail,
    });
    return 'renewed';
  } catch (error) {
    if (cancelledTransaction(error)?.failed('invitation')) return 'not-pending';
    throw error;
  }
}

/** deleteOfficeInvitation: a pending invitation withdrawn (`DELETE offices/{officeId}/members/{email}`). */
export async function deleteOfficeInvitation(
  table: TableRef,
  officeId: string,
  email: string,
): Promise<boolean> {
  try {
    await transact(table, {
      invitation: {
        Delete: {
          TableName: table.name,
          Key: officeInvitationKey(officeId, email),
          ConditionExpression: '#status = :pending',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':pending': 'pending' },
        },
      },
    });
    return true;
  } catch (error) {
    if (cancelledTransaction(error)) return false;
    throw error;
  }
}

/**
 * acceptOfficeInvitation: `POST offices/accept-invitation/{token}`. In one transaction the invitation is consumed
 * (condition: still this secret, pending and unexpired), the member item and their index item are new, and the
 * office's counts grow under the member cap, so two accepts at once make one membership ('used' for the other).
 */
export async function acceptOfficeInvitation(
  table: TableRef,
  invitation: OfficeInvitation,
  userId: string,
  now: Date,
): Promise<'accepted' | 'used' | 'already-member' | 'full' | 'missing'> {
  const when = now.toISOString();
  const member: OfficeMember = { userId, role: invitation.role, email: invitation.email };
  try {
    await transact(table, {
      invitation: {
        Update: {
          TableName: table.name,
          Key: officeInvitationKey(invitation.officeId, invitation.email),
          UpdateExpression: 'SET #status = :accepted, acceptedAt = :at, acceptedBy = :user',
          ConditionExpression: 'tokenHash = :hash AND #status = :pending AND expiresAt > :at',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':accepted': 'accepted',
            ':pending': 'pending',
            ':at': when,
            ':user': userId,
            ':hash': invitation.tokenHash,
          },
        },
      },
      ...buildMemberJoinItems(table, invitation.officeId, member, when),
    });
    return 'accepted';
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (!cancelled) throw error;
    if (cancelled.failed('invitation')) return 'used';
    if (cancelled.failed('member')) return 'already-member';
    if (cancelled.failed('officeCounts')) {
      return (await officeIsThere(table, invitation.officeId)) ? 'full' : 'missing';
    }
    throw error;
  }
}
