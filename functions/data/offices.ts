// Offices and their members (docs/data-model.md "Offices"). An office's partition holds the office item
// and one item per member, so an office with its members is one consistent Query; each membership also has an index
// item in the member's own partition, so a user's offices are one Query too, never a Scan. The office item counts
// its members and admins, and every change of membership or role updates those counts under a condition in the same
// transaction: two admins demoting each other at once cannot leave an office without an admin, and a member added
// while the office is deleted makes the deletion fail instead of leaving a member of nothing.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OfficeType } from '../domain/offices/office';
import { maxOfficeMembers } from '../domain/offices/office';
import type { OfficeInvitation } from '../domain/offices/invitations';
import type { OfficeMember, OfficeRole } from '../domain/offices/rights';
import {
  officeKey,
  officeMemberKey,
  officeMemberSortPrefix,
  officePartition,
  payoutOpenGuardKey,
  personalOfficeGuardKey,
  userOfficeKey,
  userOfficeSortPrefix,
  userPartition,
} from './keys';
import { directoryIndexFields } from './directories';
import type { TableRef, TransactionItem } from './table';
import { forEachItem, isConditionFailure, putNewItem, queryAll, transactionCancellationCodes } from './table';

const officeVersion = 1;

type Item = Record<string, NativeAttributeValue>;

export interface StoredOffice {
  id: string;
  name: string;
  type: OfficeType;
  memberCount: number;
  adminCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface OfficeWithMembers {
  office: StoredOffice;
  /** In the order they joined. */
  members: (OfficeMember & { joinedAt: string })[];
}

function toOffice(item: Item): StoredOffice {
  return {
    id: String(item['id']),
    name: String(item['name']),
    type: item['type'] === 'Label' ? 'Label' : 'Artist',
    memberCount: Number(item['memberCount'] ?? 0),
    adminCount: Number(item['adminCount'] ?? 0),
    createdAt: String(item['createdAt']),
    updatedAt: String(item['updatedAt']),
  };
}

function toRole(value: unknown): OfficeRole {
  return value === 'admin' || value === 'accountant' ? value : 'member';
}

function memberItems(
  table: TableRef,
  officeId: string,
  member: OfficeMember,
  at: string,
): [TransactionItem, TransactionItem] {
  return [
    putNewItem(table, {
      ...officeMemberKey(officeId, member.userId),
      entity: 'office-member',
      v: officeVersion,
      officeId,
      userId: member.userId,
      role: member.role,
      email: member.email,
      joinedAt: at,
    }),
    putNewItem(table, {
      ...userOfficeKey(member.userId, officeId),
      entity: 'user-office',
      v: officeVersion,
      officeId,
      userId: member.userId,
      joinedAt: at,
    }),
  ];
}

/**
 * createOffice: `POST offices` and a new user's personal office. The office, its first admin and the admin's index
 * item are written together; with `personal`, the user's personal-office guard too, so two first visits at once
 * make one office ('already-provisioned' for the second).
 */
export async function createOffice(
  table: TableRef,
  office: { id: string; name: string; type: OfficeType },
  firstAdmin: { userId: string; email: string },
  at: Date,
  options: { personal?: boolean } = {},
): Promise<'created' | 'already-provisioned'> {
  const when = at.toISOString();
  const items: TransactionItem[] = [
    ...(options.personal
      ? [
          putNewItem(table, {
            ...personalOfficeGuardKey(firstAdmin.userId),
            entity: 'personal-office-guard',
            v: officeVersion,
            officeId: office.id,
            createdAt: when,
          }),
        ]
      : []),
    putNewItem(table, {
      ...officeKey(office.id),
      entity: 'office',
      v: officeVersion,
      id: office.id,
      name: office.name,
      type: office.type,
      memberCount: 1,
      adminCount: 1,
      createdAt: when,
      updatedAt: when,
      ...directoryIndexFields('office', when, office.id),
    }),
    ...memberItems(table, office.id, { ...firstAdmin, role: 'admin' }, when),
  ];
  try {
    await table.client.send(new TransactWriteCommand({ TransactItems: items }));
    return 'created';
  } catch (error) {
    if (options.personal && transactionCancellationCodes(error)?.[0] === 'ConditionalCheckFailed') {
      return 'already-provisioned';
    }
    throw error;
  }
}

/** hasPersonalOffice: whether the user's personal office was ever made (it is made once, at the first `GET offices`). */
export async function hasPersonalOffice(table: TableRef, userId: string): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: personalOfficeGuardKey(userId),
      ProjectionExpression: 'pk',
      ConsistentRead: true,
    }),
  );
  return Item !== undefined;
}

/**
 * A user who joined an office by invitation needs no personal office: the personal office's guard is written without
 * an office, so their first `GET offices` makes none (as after an owner deleted theirs). A guard already there is kept.
 */
export async function forgoPersonalOffice(table: TableRef, userId: string, at: Date): Promise<void> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...personalOfficeGuardKey(userId),
          entity: 'personal-office-guard',
          v: officeVersion,
          forgone: true,
          createdAt: at.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** getPersonalOfficeId: the id of the personal office the user was given (it may be deleted since), or null. */
export async function getPersonalOfficeId(table: TableRef, userId: string): Promise<string | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: personalOfficeGuardKey(userId),
      ProjectionExpression: 'officeId',
      ConsistentRead: true,
    }),
  );
  return typeof Item?.['officeId'] === 'string' ? Item['officeId'] : null;
}

/** getOfficeWithMembers: the office and its members in one consistent Query of its partition; null if none. */
export async function getOfficeWithMembers(
  table: TableRef,
  officeId: string,
): Promise<OfficeWithMembers | null> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': officePartition(officeId) },
    ConsistentRead: true,
  });
  const officeItem = items.find((item) => item['sk'] === officeKey(officeId).sk);
  if (!officeItem) return null;
  const members = items
    .filter((item) => String(item['sk']).startsWith(officeMemberSortPrefix))
    .map((item) => ({
      userId: String(item['userId']),
      role: toRole(item['role']),
      email: String(item['email']),
      joinedAt: String(item['joinedAt']),
    }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId));
  return { office: toOffice(officeItem), members };
}

/** listUserOfficeIds: the offices the user is a member of, from their partition's index items. */
export async function listUserOfficeIds(table: TableRef, userId: string): Promise<string[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition('artist', userId), ':prefix': userOfficeSortPrefix },
    ProjectionExpression: 'officeId',
    ConsistentRead: true,
  });
  return items.map((item) => String(item['officeId']));
}

/** listUserOffices: `GET offices`, each office with its members; an index item whose office is gone is skipped. */
export async function listUserOffices(table: TableRef, userId: string): Promise<OfficeWithMembers[]> {
  const officeIds = await listUserOfficeIds(table, userId);
  const found: OfficeWithMembers[] = [];
  await forEachItem(officeIds, 8, async (officeId) => {
    const office = await getOfficeWithMembers(table, officeId);
    if (office && office.members.some((member) => member.userId === userId)) found.push(office);
  });
  return found.sort(
    (a, b) => a.office.createdAt.localeCompare(b.office.createdAt) || a.office.id.localeCompare(b.office.id),
  );
}

/** updateOffice: `PATCH offices/{officeId}` and `PATCH office/name`; null when the office is gone. */
export async function updateOffice(
  table: TableRef,
  officeId: string,
  changes: { name?: string; type?: OfficeType },
  at: Date,
): Promise<StoredOffice | null> {
  const sets = ['updatedAt = :at'];
  const values: Item = { ':at': at.toISOString() };
  const names: Record<string, string> = {};
  if (changes.name !== undefined) {
    sets.push('#name = :name');
    names['#name'] = 'name';
    values[':name'] = changes.name;
  }
  if (changes.type !== undefined) {
    sets.push('#type = :type');
    names['#type'] = 'type';
    values[':type'] = changes.type;
  }
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeKey(officeId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toOffice(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

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
  const when = at.toISOString();
  try {
    await table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table.name,
              Key: officeKey(officeId),
              UpdateExpression:
                member.role === 'admin'
                  ? 'SET updatedAt = :at ADD memberCount :plus, adminCount :plus'
                  : 'SET updatedAt = :at ADD memberCount :plus',
              ConditionExpression: 'attribute_exists(pk) AND memberCount < :max',
              ExpressionAttributeValues: { ':at': when, ':plus': 1, ':max': maxOfficeMembers },
            },
          },
          ...memberItems(table, officeId, member, when),
        ],
      }),
    );
    return 'added';
  } catch (error) {
    const codes = transactionCancellationCodes(error);
    if (!codes) throw error;
    if (codes[1] === 'ConditionalCheckFailed') return 'already-member';
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: officeKey(officeId), ConsistentRead: true }),
    );
    return Item ? 'full' : 'missing';
  }
}

/** What a change of membership came to: done, or refused by a condition because the office changed meanwhile. */
export type MembershipOutcome = 'done' | 'last-admin' | 'changed';

function outcomeOf(error: unknown, guardedCountIndex: number): MembershipOutcome {
  const codes = transactionCancellationCodes(error);
  if (!codes) throw error;
  return codes[guardedCountIndex] === 'ConditionalCheckFailed' ? 'last-admin' : 'changed';
}

/**
 * The items that delete an office with every member and every member's index item, on condition that the office
 * still has the members read: `deleteOffice`, and deleting the account of an office's last admin alongside.
 */
export function buildOfficeDeletionItems(
  table: TableRef,
  { office, members }: OfficeWithMembers,
): TransactionItem[] {
  return [
    {
      Delete: {
        TableName: table.name,
        Key: officeKey(office.id),
        ConditionExpression: 'memberCount = :count',
        ExpressionAttributeValues: { ':count': members.length },
      },
    },
    ...members.flatMap((member): TransactionItem[] => [
      { Delete: { TableName: table.name, Key: officeMemberKey(office.id, member.userId) } },
      { Delete: { TableName: table.name, Key: userOfficeKey(member.userId, office.id) } },
    ]),
  ];
}

/**
 * deleteOffice: `DELETE offices/{officeId}`. The office, every member and every member's index item go in one
 * transaction, on condition that the office still has the members read ('changed' otherwise).
 */
export async function deleteOffice(
  table: TableRef,
  found: OfficeWithMembers,
): Promise<'deleted' | 'changed'> {
  try {
    await table.client.send(
      new TransactWriteCommand({ TransactItems: buildOfficeDeletionItems(table, found) }),
    );
    return 'deleted';
  } catch (error) {
    if (transactionCancellationCodes(error)) return 'changed';
    throw error;
  }
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
  const removesAdmin = member.role === 'admin';
  return [
    {
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
    {
      Delete: {
        TableName: table.name,
        Key: officeMemberKey(officeId, member.userId),
        ConditionExpression: '#role = :role',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': member.role },
      },
    },
    { Delete: { TableName: table.name, Key: userOfficeKey(member.userId, officeId) } },
  ];
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
  const removesAdmin = member.role === 'admin';
  try {
    await table.client.send(
      new TransactWriteCommand({ TransactItems: buildMemberRemovalItems(table, officeId, member, at) }),
    );
    return 'done';
  } catch (error) {
    return removesAdmin ? outcomeOf(error, 0) : outcomeOf(error, -1);
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
    await table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
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
          {
            Update: {
              TableName: table.name,
              Key: officeMemberKey(officeId, member.userId),
              UpdateExpression: 'SET #role = :role',
              ConditionExpression: '#role = :from',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':role': role, ':from': member.role },
            },
          },
        ],
      }),
    );
    return 'done';
  } catch (error) {
    return adminChange < 0 ? outcomeOf(error, 0) : outcomeOf(error, -1);
  }
}

/** The office's Stripe connected account (decision 025) as last read from Stripe. */
export interface OfficeStripeAccount {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  currentlyDue: string[];
  disabledReason: string | null;
  /** When this state was read from Stripe: an older read never replaces a newer one. */
  checkedAt: string;
}

function toStripeAccount(item: Item): OfficeStripeAccount | null {
  const state: unknown = item['stripeAccount'];
  if (typeof item['stripeAccountId'] !== 'string' || typeof state !== 'object' || state === null) return null;
  const fields = state as Record<string, unknown>;
  return {
    accountId: item['stripeAccountId'],
    chargesEnabled: fields['chargesEnabled'] === true,
    payoutsEnabled: fields['payoutsEnabled'] === true,
    detailsSubmitted: fields['detailsSubmitted'] === true,
    currentlyDue: Array.isArray(fields['currentlyDue']) ? fields['currentlyDue'].map(String) : [],
    disabledReason: typeof fields['disabledReason'] === 'string' ? fields['disabledReason'] : null,
    checkedAt: String(fields['checkedAt']),
  };
}

/** getOfficeStripeAccount: the office's connected account and its state, or null before onboarding starts. */
export async function getOfficeStripeAccount(
  table: TableRef,
  officeId: string,
): Promise<OfficeStripeAccount | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: officeKey(officeId),
      ProjectionExpression: 'stripeAccountId, stripeAccount',
      ConsistentRead: true,
    }),
  );
  return Item ? toStripeAccount(Item) : null;
}

/**
 * storeOfficeStripeAccount: the account's state as read from Stripe at `checkedAt`. The office takes the account id
 * only if it has none (the guard that keeps one account per office, even for two first calls at once: 'taken' with
 * the id it holds otherwise), and the state only if it was read no earlier than the stored one ('stale' otherwise),
 * so webhooks handled in any order or twice leave the latest read. 'missing' when the office is gone. An account staff
 * removed from the office never comes back to it ('stale'): a late `account.updated` of it changes nothing.
 */
export async function storeOfficeStripeAccount(
  table: TableRef,
  officeId: string,
  account: OfficeStripeAccount,
): Promise<'stored' | 'stale' | { taken: string } | 'missing'> {
  const { accountId, ...state } = account;
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeKey(officeId),
        UpdateExpression: 'SET stripeAccountId = if_not_exists(stripeAccountId, :id), stripeAccount = :state',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(stripeAccountId) OR stripeAccountId = :id) AND ' +
          '(attribute_not_exists(stripeAccount) OR stripeAccount.checkedAt <= :at) AND ' +
          'NOT contains(removedStripeAccountIds, :id)',
        ExpressionAttributeValues: { ':id': accountId, ':state': state, ':at': state.checkedAt },
      }),
    );
    return 'stored';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await table.client.send(
      new GetCommand({
        TableName: table.name,
        Key: officeKey(officeId),
        ProjectionExpression: 'stripeAccountId',
        ConsistentRead: true,
      }),
    );
    if (!Item) return 'missing';
    const held = Item['stripeAccountId'];
    return typeof held === 'string' && held !== accountId ? { taken: held } : 'stale';
  }
}

/**
 * getOfficeStripeConnectionGeneration: how many times staff removed the office's Stripe connection. A new connected
 * account is created under a key of this count, so the account removed is never handed back by Stripe's replay.
 */
export async function getOfficeStripeConnectionGeneration(
  table: TableRef,
  officeId: string,
): Promise<number> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: officeKey(officeId),
      ProjectionExpression: 'stripeConnectionGeneration',
      ConsistentRead: true,
    }),
  );
  return Number(Item?.['stripeConnectionGeneration'] ?? 0);
}

/**
 * removeOfficeStripeAccount: staff remove the office's Stripe connection so it can onboard again. One transaction:
 * the office item loses its account id and state (condition: it still holds `accountId`), remembers the account as
 * removed (never stored again) and counts the removal; the office's open-payout guard is checked absent (no payout
 * between booking and transfer); `alongside` (the audit entry) is written with it. 'stale' when the office holds
 * another account or none, 'payout-open' when a payout holds the guard, 'alongside' when an item of `alongside`
 * failed its condition (the entry exists: this removal was recorded already).
 */
export async function removeOfficeStripeAccount(
  table: TableRef,
  officeId: string,
  accountId: string,
  at: Date,
  alongside: readonly TransactionItem[],
): Promise<'removed' | 'stale' | 'payout-open' | 'alongside'> {
  try {
    await table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table.name,
              Key: officeKey(officeId),
              UpdateExpression:
                'REMOVE stripeAccountId, stripeAccount SET updatedAt = :at ' +
                'ADD stripeConnectionGeneration :one, removedStripeAccountIds :removed',
              ConditionExpression: 'stripeAccountId = :id',
              ExpressionAttributeValues: {
                ':at': at.toISOString(),
                ':one': 1,
                ':removed': new Set([accountId]),
                ':id': accountId,
              },
            },
          },
          {
            ConditionCheck: {
              TableName: table.name,
              Key: payoutOpenGuardKey(officeId),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          ...alongside,
        ],
      }),
    );
    return 'removed';
  } catch (error) {
    const codes = transactionCancellationCodes(error);
    if (!codes) throw error;
    if (codes.slice(2).includes('ConditionalCheckFailed')) return 'alongside';
    if (codes[1] === 'ConditionalCheckFailed') return 'payout-open';
    if (codes[0] === 'ConditionalCheckFailed') return 'stale';
    throw error;
  }
}

// ── invitations and member artists (decision 026) ─────────────────────────────────────────────────────
// An invitation lives in the office's partition under `INVITATION#<email>`, one per address: a second invitation to
// the same address replaces an accepted or expired one, never a pending one. The artists assigned to a `member` are a
// string set on their member item, so they leave with the member and with the office without another item to clean.

const invitationSortPrefix = 'INVITATION#';

function officeInvitationKey(officeId: string, email: string) {
  return { pk: officePartition(officeId), sk: `${invitationSortPrefix}${email}` };
}

function toInvitation(item: Item): OfficeInvitation {
  return {
    officeId: String(item['officeId']),
    email: String(item['email']),
    role: toRole(item['role']),
    tokenHash: String(item['tokenHash']),
    invitedBy: String(item['invitedBy']),
    invitedAt: String(item['invitedAt']),
    expiresAt: String(item['expiresAt']),
    status: item['status'] === 'accepted' ? 'accepted' : 'pending',
    ...(typeof item['acceptedAt'] === 'string' ? { acceptedAt: item['acceptedAt'] } : {}),
  };
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
    await table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: table.name,
              Key: officeKey(invitation.officeId),
              ConditionExpression: onlyWithoutAdmin
                ? 'attribute_exists(pk) AND (attribute_not_exists(adminCount) OR adminCount <= :zero)'
                : 'attribute_exists(pk)',
              ...(onlyWithoutAdmin ? { ExpressionAttributeValues: { ':zero': 0 } } : {}),
            },
          },
          {
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
          ...alongside,
        ],
      }),
    );
    return 'invited';
  } catch (error) {
    const codes = transactionCancellationCodes(error);
    if (!codes) throw error;
    if (codes.slice(3).includes('ConditionalCheckFailed')) return 'alongside';
    if (codes[0] === 'ConditionalCheckFailed') {
      if (!onlyWithoutAdmin) return 'missing';
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: officeKey(invitation.officeId), ConsistentRead: true }),
      );
      return Item ? 'has-admin' : 'missing';
    }
    if (codes[1] === 'ConditionalCheckFailed') return 'pending';
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
    await table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table.name,
              Key: officeInvitationKey(officeId, email),
              UpdateExpression:
                'SET tokenHash = :hash, invitedAt = :at, expiresAt = :expires, invitedBy = :by',
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
        ],
      }),
    );
    return 'renewed';
  } catch (error) {
    const codes = transactionCancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') return 'not-pending';
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
    await table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: table.name,
              Key: officeInvitationKey(officeId, email),
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':pending': 'pending' },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (transactionCancellationCodes(error)) return false;
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
    await table.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
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
          {
            Update: {
              TableName: table.name,
              Key: officeKey(invitation.officeId),
              UpdateExpression:
                member.role === 'admin'
                  ? 'SET updatedAt = :at ADD memberCount :plus, adminCount :plus'
                  : 'SET updatedAt = :at ADD memberCount :plus',
              ConditionExpression: 'attribute_exists(pk) AND memberCount < :max',
              ExpressionAttributeValues: { ':at': when, ':plus': 1, ':max': maxOfficeMembers },
            },
          },
          ...memberItems(table, invitation.officeId, member, when),
        ],
      }),
    );
    return 'accepted';
  } catch (error) {
    const codes = transactionCancellationCodes(error);
    if (!codes) throw error;
    if (codes[0] === 'ConditionalCheckFailed') return 'used';
    if (codes[2] === 'ConditionalCheckFailed') return 'already-member';
    if (codes[1] === 'ConditionalCheckFailed') {
      const { Item } = await table.client.send(
        new GetCommand({ TableName: table.name, Key: officeKey(invitation.officeId), ConsistentRead: true }),
      );
      return Item ? 'full' : 'missing';
    }
    throw error;
  }
}

/** getMemberArtistIds: the artists assigned to a member, or null when they are not a member of the office. */
export async function getMemberArtistIds(
  table: TableRef,
  officeId: string,
  userId: string,
): Promise<string[] | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: officeMemberKey(officeId, userId),
      ProjectionExpression: 'artistIds, userId',
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return toArtistIds(Item['artistIds']);
}

function toArtistIds(value: unknown): string[] {
  return value instanceof Set ? [...(value as Set<unknown>)].map(String).sort() : [];
}

/**
 * assignMemberArtists: adds artists to a member's set ('missing' when they left meanwhile) and answers the whole
 * set. Adding an artist already there changes nothing, so a repeated request is harmless.
 */
export async function assignMemberArtists(
  table: TableRef,
  officeId: string,
  userId: string,
  artistIds: readonly string[],
): Promise<string[] | 'missing'> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeMemberKey(officeId, userId),
        UpdateExpression: 'ADD artistIds :ids',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':ids': new Set(artistIds) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toArtistIds(Attributes?.['artistIds']);
  } catch (error) {
    if (isConditionFailure(error)) return 'missing';
    throw error;
  }
}

/** unassignMemberArtist: takes one artist from a member's set; 'not-assigned' when it was not in it. */
export async function unassignMemberArtist(
  table: TableRef,
  officeId: string,
  userId: string,
  artistId: string,
): Promise<string[] | 'not-assigned'> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeMemberKey(officeId, userId),
        UpdateExpression: 'DELETE artistIds :ids',
        ConditionExpression: 'contains(artistIds, :id)',
        ExpressionAttributeValues: { ':ids': new Set([artistId]), ':id': artistId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toArtistIds(Attributes?.['artistIds']);
  } catch (error) {
    if (isConditionFailure(error)) return 'not-assigned';
    throw error;
  }
}
