// The stored shape shared by the office modules of data/offices/ (docs/data-model.md "Offices"): the items' version,
// the schemas each item is read through, and the two items a membership is: the member item in the office's partition and its index item
// in the member's own partition. An office is made with its first admin's items, a member joins with them, and an
// accepted invitation writes them, each in its own transaction.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { officeRoles, officeTypes } from '../../contracts/offices';
import { maxOfficeMembers } from '../../domain/offices/office';
import type { OfficeMember } from '../../domain/offices/rights';
import { officeKey, officeMemberKey, userOfficeKey } from '../keys';
import type { TableRef, TransactionItem } from '../table';
import { putNewItem } from '../table';

export const officeVersion = 1;

export type Item = Record<string, NativeAttributeValue>;

const count = z.number().check(z.int());

/** The office item (`OFFICE#<id>` / `OFFICE`), without its Stripe account (stripe-account.ts reads that). */
export const storedOfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(officeTypes),
  memberCount: count,
  adminCount: count,
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** A member item (`OFFICE#<id>` / `MEMBER#<userId>`). */
export const storedMemberSchema = z.object({
  userId: z.string(),
  role: z.enum(officeRoles),
  email: z.string(),
  joinedAt: z.string(),
});

/** An invitation item (`OFFICE#<id>` / `INVITATION#<email>`). */
export const storedInvitationSchema = z.object({
  officeId: z.string(),
  email: z.string(),
  role: z.enum(officeRoles),
  tokenHash: z.string(),
  invitedBy: z.string(),
  invitedAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(['pending', 'accepted']),
  acceptedAt: z.optional(z.string()),
});

/** The Stripe account's state as stored on the office item (`stripeAccount`). */
export const storedStripeAccountStateSchema = z.object({
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  currentlyDue: z.array(z.string()),
  disabledReason: z.nullable(z.string()),
  checkedAt: z.string(),
});

/** A member item as far as their assigned artists go: a string set, absent while none is. */
export const storedMemberArtistsSchema = z.object({ artistIds: z.optional(z.set(z.string())) });

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

/**
 * buildMemberJoinItems: a member joining an office, named for `transact`: the office's counts grow by one member (and
 * one admin) on condition the office is there and under maxOfficeMembers (`officeCounts`), and the member's two items
 * are new (`buildMemberItems`).
 */
export function buildMemberJoinItems(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  at: string,
): { officeCounts: TransactionItem; member: TransactionItem; memberIndex: TransactionItem } {
  return {
    officeCounts: {
      Update: {
        TableName: table.name,
        Key: officeKey(officeId),
        UpdateExpression:
          member.role === 'admin'
            ? 'SET updatedAt = :at ADD memberCount :plus, adminCount :plus'
            : 'SET updatedAt = :at ADD memberCount :plus',
        ConditionExpression: 'attribute_exists(pk) AND memberCount < :max',
        ExpressionAttributeValues: { ':at': at, ':plus': 1, ':max': maxOfficeMembers },
      },
    },
    ...buildMemberItems(table, officeId, member, at),
  };
}

/**
 * officeIsThere: whether the office item exists (consistent): what a change refused by the office's condition tells
 * apart, an office gone from one whose counts refused it.
 */
export async function officeIsThere(table: TableRef, officeId: string): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: officeKey(officeId), ConsistentRead: true }),
  );
  return Item !== undefined;
}
