// A fan's public-facing profile: username, visibility and the beta wish. It lives on its own item beside the account
// (`FAN#<id>` / `PROFILE`), so profile writes never race the identity writes on the account item. A fan who never
// touched their profile has no item: they read as private, without username.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { FanVisibility } from '../domain/listening/visibility';
import { defaultFanVisibility, fanVisibilities } from '../domain/listening/visibility';
import { fanProfileKey, usernameGuardKey } from './keys';
import { readStored } from './stored-item';
import type { NamedTransactionItems, TableRef, TransactionItem } from './table';
import { cancelledTransaction, transact } from './table';

const profileVersion = 1;

export interface FanProfile {
  username?: string;
  visibility: FanVisibility;
  /** ISO 8601: when the fan first asked to join the beta. */
  joinedBetaAt?: string;
}

/** Usernames are unique regardless of case: `Ana` and `ana` are the same name. */
export function usernameKeyOf(username: string): string {
  return username.toLowerCase();
}

/** A profile item as it is read back: a fan who never set their visibility is private. */
const storedProfileSchema = z.object({
  username: z.optional(z.string()),
  visibility: z._default(z.enum(fanVisibilities), defaultFanVisibility),
  joinedBetaAt: z.optional(z.string()),
});

/** A username's guard item: the fan who holds the name. */
const storedUsernameGuardSchema = z.object({ fanId: z.string() });

/** The profile item as a rename and the erasure read it: the guard of the username it holds, if any. */
const storedProfileUsernameSchema = z.object({ usernameKey: z.optional(z.string()) });

/** Access pattern `getFanProfile`: a fan's username, visibility (private when never set) and beta wish. */
export async function getFanProfile(table: TableRef, fanId: string): Promise<FanProfile> {
  const reply = await table.client.send(
    new GetCommand({ TableName: table.name, Key: fanProfileKey(fanId), ConsistentRead: true }),
  );
  return toProfile(reply.Item);
}

/** Access pattern `findFanByUsername`: the fan holding a username (any case), or null. */
export async function findFanByUsername(table: TableRef, username: string): Promise<string | null> {
  const reply = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: usernameGuardKey(usernameKeyOf(username)),
      ConsistentRead: true,
    }),
  );
  return reply.Item ? readStored('username guard', storedUsernameGuardSchema, reply.Item).fanId : null;
}

export type SetUsernameResult =
  { status: 'saved'; profile: FanProfile } | { status: 'taken' } | { status: 'raced' };

/**
 * Access pattern `setFanUsername`: claims the username's guard item and writes it on the profile in one transaction,
 * releasing the fan's previous guard. `taken`: another fan holds the name. `raced`: the profile changed since it was
 * read (a concurrent rename); the caller may retry.
 */
export async function setFanUsername(
  table: TableRef,
  fanId: string,
  username: string,
  at: Date,
): Promise<SetUsernameResult> {
  const previousKey = (await readProfileUsername(table, fanId))?.usernameKey;
  const nextKey = usernameKeyOf(username);
  const now = at.toISOString();
  const operations: NamedTransactionItems = {
    usernameGuard: {
      // The same fan may re-save their own name (or change only its case): the guard is theirs already.
      Put: {
        TableName: table.name,
        Item: {
          ...usernameGuardKey(nextKey),
          entity: 'username-guard',
          v: profileVersion,
          fanId,
          createdAt: now,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR fanId = :fanId',
        ExpressionAttributeValues: { ':fanId': fanId },
      },
    },
    profile: {
      Update: {
        TableName: table.name,
        Key: fanProfileKey(fanId),
        UpdateExpression:
          'SET username = :username, usernameKey = :usernameKey, updatedAt = :now, entity = :entity, v = :v, ' +
          'visibility = if_not_exists(visibility, :visibility), createdAt = if_not_exists(createdAt, :now)',
        ConditionExpression:
          previousKey !== undefined
            ? 'usernameKey = :previousKey'
            : 'attribute_not_exists(pk) OR attribute_not_exists(usernameKey)',
        ExpressionAttributeValues: {
          ':username': username,
          ':usernameKey': nextKey,
          ':now': now,
          ':entity': 'fan-profile',
          ':v': profileVersion,
          ':visibility': defaultFanVisibility,
          ...(previousKey !== undefined ? { ':previousKey': previousKey } : {}),
        },
      },
    },
    previousGuard:
      previousKey !== undefined && previousKey !== nextKey
        ? {
            Delete: {
              TableName: table.name,
              Key: usernameGuardKey(previousKey),
              ConditionExpression: 'attribute_not_exists(pk) OR fanId = :fanId',
              ExpressionAttributeValues: { ':fanId': fanId },
            },
          }
        : null,
  };
  try {
    await transact(table, operations);
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (!cancelled) throw error;
    if (cancelled.failed('usernameGuard')) return { status: 'taken' };
    return { status: 'raced' };
  }
  return { status: 'saved', profile: await getFanProfile(table, fanId) };
}

/** Access pattern `setFanVisibility`: what other fans may see of this fan. */
export async function setFanVisibility(
  table: TableRef,
  fanId: string,
  visibility: FanVisibility,
  at: Date,
): Promise<FanProfile> {
  return updateFanProfile(table, fanId, at, 'visibility = :visibility, updatedAt = :now', visibility);
}

/** Access pattern `recordBetaWish`: the first wish's time is kept, so asking again changes nothing. */
export async function recordBetaWish(table: TableRef, fanId: string, at: Date): Promise<FanProfile> {
  return updateFanProfile(
    table,
    fanId,
    at,
    'joinedBetaAt = if_not_exists(joinedBetaAt, :now), visibility = if_not_exists(visibility, :visibility), ' +
      'updatedAt = :now',
    defaultFanVisibility,
  );
}

/**
 * Applies `sets` (which may read `:now` and `:visibility`) to the fan's profile item, creating it when the fan never
 * touched their profile; answers the profile as stored after.
 */
async function updateFanProfile(
  table: TableRef,
  fanId: string,
  at: Date,
  sets: string,
  visibility: FanVisibility,
): Promise<FanProfile> {
  const now = at.toISOString();
  const reply = await table.client.send(
    new UpdateCommand({
      TableName: table.name,
      Key: fanProfileKey(fanId),
      UpdateExpression: `SET ${sets}, entity = :entity, v = :v, createdAt = if_not_exists(createdAt, :now)`,
      ExpressionAttributeValues: {
        ':visibility': visibility,
        ':now': now,
        ':entity': 'fan-profile',
        ':v': profileVersion,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(reply.Attributes);
}

/** A fan without a profile item reads as one who never touched their profile. */
function toProfile(item: Record<string, unknown> | undefined): FanProfile {
  return readStored('fan profile', storedProfileSchema, item ?? {});
}

/** The username guard a fan's profile holds (none set: no key), or null when the fan has no profile item. */
async function readProfileUsername(table: TableRef, fanId: string): Promise<{ usernameKey?: string } | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: fanProfileKey(fanId), ConsistentRead: true }),
  );
  return Item ? readStored('fan profile', storedProfileUsernameSchema, Item) : null;
}

/**
 * Access pattern `buildFanProfileErasure`: the writes that remove a fan's profile and free their username, for
 * account deletion to pass `alongside` its erasure (data/accounts.ts `eraseAccount`), so both happen or neither.
 */
export async function buildFanProfileErasure(table: TableRef, fanId: string): Promise<TransactionItem[]> {
  const current = await readProfileUsername(table, fanId);
  if (!current) return [];
  const { usernameKey } = current;
  return [
    { Delete: { TableName: table.name, Key: fanProfileKey(fanId) } },
    ...(usernameKey !== undefined
      ? [
          {
            Delete: {
              TableName: table.name,
              Key: usernameGuardKey(usernameKey),
              ConditionExpression: 'attribute_not_exists(pk) OR fanId = :fanId',
              ExpressionAttributeValues: { ':fanId': fanId },
            },
          },
        ]
      : []),
  ];
}
