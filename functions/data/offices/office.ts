// Offices (docs/data-model.md "Offices"). An office's partition holds the office item and one item per member, so an
// office with its members is one consistent Query; each membership also has an index item in the member's own
// partition, so a user's offices are one Query too, never a Scan. The office item counts its members and admins; a
// member added while the office is deleted makes the deletion fail instead of leaving a member of nothing. A user's
// personal office is made once, under a guard item in their partition.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OfficeType } from '../../domain/offices/office';
import type { OfficeMember } from '../../domain/offices/rights';
import {
  officeKey,
  officeMemberKey,
  officeMemberSortPrefix,
  officePartition,
  personalOfficeGuardKey,
  userOfficeKey,
  userOfficeSortPrefix,
  userPartition,
} from '../keys';
import * as z from 'zod/mini';
import { directoryIndexFields } from '../directories';
import { readStored, storedSortKeySchema } from '../stored-item';
import type { TableRef, TransactionItem } from '../table';
import {
  cancelledTransaction,
  forEachItem,
  isConditionFailure,
  putNewItem,
  queryAll,
  transact,
} from '../table';
import type { Item } from './stored';
import { buildMemberItems, officeVersion, storedMemberSchema, storedOfficeSchema } from './stored';

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
  return readStored('office', storedOfficeSchema, item);
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
  const operations = {
    personalGuard: options.personal
      ? putNewItem(table, {
          ...personalOfficeGuardKey(firstAdmin.userId),
          entity: 'personal-office-guard',
          v: officeVersion,
          officeId: office.id,
          createdAt: when,
        })
      : null,
    office: putNewItem(table, {
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
    ...buildMemberItems(table, office.id, { ...firstAdmin, role: 'admin' }, when),
  };
  try {
    await transact(table, operations);
    return 'created';
  } catch (error) {
    if (options.personal && cancelledTransaction(error)?.failed('personalGuard'))
      return 'already-provisioned';
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

/** A user's personal-office guard, as far as it is read back: the office they were given. */
const storedPersonalOfficeGuardSchema = z.object({ officeId: z.string() });

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
  return Item ? readStored('personal-office guard', storedPersonalOfficeGuardSchema, Item).officeId : null;
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
  const keyed = items.map((item) => ({ item, sk: readStored('office', storedSortKeySchema, item).sk }));
  const officeItem = keyed.find(({ sk }) => sk === officeKey(officeId).sk)?.item;
  if (!officeItem) return null;
  const members = keyed
    .filter(({ sk }) => sk.startsWith(officeMemberSortPrefix))
    .map(({ item }) => readStored('office member', storedMemberSchema, item))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId));
  return { office: toOffice(officeItem), members };
}

/** A member's index item (`ARTIST#<userId>` / `OFFICE#<officeId>`), as read back: the office. */
const storedUserOfficeSchema = z.object({ officeId: z.string() });

/** listUserOfficeIds: the offices the user is a member of, from their partition's index items. */
export async function listUserOfficeIds(table: TableRef, userId: string): Promise<string[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition('artist', userId), ':prefix': userOfficeSortPrefix },
    ProjectionExpression: 'officeId',
    ConsistentRead: true,
  });
  return items.map((item) => readStored('office membership', storedUserOfficeSchema, item).officeId);
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
    await transact(table, { officeWithMembers: buildOfficeDeletionItems(table, found) });
    return 'deleted';
  } catch (error) {
    if (cancelledTransaction(error)) return 'changed';
    throw error;
  }
}
