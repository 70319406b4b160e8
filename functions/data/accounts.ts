// Accounts of the three kinds, with e-mail uniqueness per kind by a guard item written in the same transaction.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { Account, AccountKind } from '../domain/identity/account';
import { accountKinds } from '../domain/identity/account';
import {
  accountEntity,
  accountKey,
  connectionGuardKey,
  connectionKey,
  connectionSortPrefix,
  emailGuardKey,
  userPartition,
} from './keys';
import { directoryIndexFields } from './directories';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import {
  cancelledTransaction,
  isConditionFailure,
  putNewItem,
  queryAll,
  transact,
  transactUnlessFailed,
  updateIfCondition,
} from './table';

const accountVersion = 1;

type Item = Record<string, NativeAttributeValue>;

function toItem(account: Account): Item {
  // Unset fields are left out rather than stored as NULL, so `if_not_exists` sees them as unset.
  const fields = Object.fromEntries(Object.entries(account).filter((entry) => entry[1] !== null));
  return {
    ...accountKey(account.kind, account.id),
    entity: accountEntity[account.kind],
    v: accountVersion,
    ...fields,
  };
}

/** A field stored only when set (`toItem` leaves nulls out; erasure removes the personal ones): null when absent. */
const unsetIsNull = z._default(z.nullable(z.string()), null);
const unsetIsFalse = z._default(z.boolean(), false);

/** An account item as it is read back. */
const storedAccountSchema = z.object({
  kind: z.enum(accountKinds),
  id: z.string(),
  status: z.enum(['active', 'deleted']),
  email: unsetIsNull,
  firstName: unsetIsNull,
  lastName: unsetIsNull,
  phoneNumber: unsetIsNull,
  country: unsetIsNull,
  passwordHash: unsetIsNull,
  emailVerifiedAt: unsetIsNull,
  promoEligible: unsetIsFalse,
  usedPromotionCode: unsetIsFalse,
  stripeCustomerId: unsetIsNull,
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: unsetIsNull,
});

function fromItem(item: Item | undefined): Account | null {
  if (!item) return null;
  return readStored('account', storedAccountSchema, item) satisfies Account;
}

/** A guard that makes a value one account's (an e-mail, a provider identity): the account holding it. */
const storedGuardSchema = z.object({ userId: z.string() });

/** A connection item as it is read back (what `listConnections` answers of it). */
const storedConnectionSchema = z.object({
  provider: z.string(),
  providerUserId: z.string(),
  connectedAt: z.string(),
});

/** A connection item as its deletion reads it: the provider identity whose guard it frees. */
const storedConnectionIdentitySchema = z.object({ providerUserId: z.string() });

/**
 * createAccount: registration and `admin:create`. Refuses an e-mail already taken for this kind. Registration adds
 * its verify link and the mail carrying it `alongside`, so the account never exists without them.
 */
export async function createAccount(
  table: TableRef,
  account: Account & { email: string },
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<'created' | 'email_taken'> {
  const written = await transactUnlessFailed(
    table,
    {
      account: putNewItem(table, {
        ...toItem(account),
        // Fans and artist-side users are listed for staff (data/directories.ts); staff accounts are not.
        ...(account.kind === 'admin'
          ? {}
          : directoryIndexFields(account.kind, account.createdAt, account.id)),
      }),
      emailGuard: putNewItem(table, {
        ...emailGuardKey(account.kind, account.email),
        entity: 'email-guard',
        v: 1,
        kind: account.kind,
        userId: account.id,
      }),
      alongside: options.alongside,
    },
    'emailGuard',
  );
  return written ? 'created' : 'email_taken';
}

/** getAccount: the signed-in person's account (GET /api/user, /api/for-artists/user, /api/admin/profile). */
export async function getAccount(
  table: TableRef,
  kind: AccountKind,
  userId: string,
): Promise<Account | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: accountKey(kind, userId), ConsistentRead: true }),
  );
  return fromItem(Item);
}

/** findAccountByEmail: login, forgot-password, registration conflicts and social sign-in by verified e-mail. */
export async function findAccountByEmail(
  table: TableRef,
  kind: AccountKind,
  email: string,
): Promise<Account | null> {
  const { Item: guard } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: emailGuardKey(kind, email), ConsistentRead: true }),
  );
  return guard ? getAccount(table, kind, readStored('e-mail guard', storedGuardSchema, guard).userId) : null;
}

/** markEmailVerified: verify-email links, password resets and sign-in with a provider-verified e-mail. */
export async function markEmailVerified(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  at: Date,
): Promise<boolean> {
  return updateIfCondition(table, {
    Key: accountKey(kind, userId),
    UpdateExpression: 'SET emailVerifiedAt = if_not_exists(emailVerifiedAt, :at), updatedAt = :at',
    ConditionExpression: 'attribute_exists(pk) AND #status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':at': at.toISOString(), ':active': 'active' },
  });
}

/**
 * setStripeCustomerIdIfAbsent: the fan's Stripe customer, stored once. Answers the id the account holds
 * afterwards: this one, or the one a concurrent first checkout stored before it; null when the account is gone.
 */
export async function setStripeCustomerIdIfAbsent(
  table: TableRef,
  fanId: string,
  customerId: string,
  at: Date,
): Promise<string | null> {
  const set = await updateIfCondition(table, {
    Key: accountKey('fan', fanId),
    UpdateExpression: 'SET stripeCustomerId = :customer, updatedAt = :at',
    ConditionExpression:
      'attribute_exists(pk) AND #status = :active AND attribute_not_exists(stripeCustomerId)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':customer': customerId, ':at': at.toISOString(), ':active': 'active' },
  });
  if (set) return customerId;
  return (await getAccount(table, 'fan', fanId))?.stripeCustomerId ?? null;
}

/**
 * setPasswordHash: password reset (also proves the e-mail), a rehash at login, and the removal of a password a
 * stranger may have set before the owner signed in with a provider (`passwordHash` null). A reset adds the "password
 * changed" mail `alongside`, written in one transaction with the change.
 */
export async function setPasswordHash(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  passwordHash: string | null,
  at: Date,
  options: { markEmailVerified?: boolean; alongside?: readonly TransactionItem[] } = {},
): Promise<boolean> {
  const sets = ['passwordHash = :hash', 'updatedAt = :at'];
  if (options.markEmailVerified) sets.push('emailVerifiedAt = if_not_exists(emailVerifiedAt, :at)');
  const update = {
    TableName: table.name,
    Key: accountKey(kind, userId),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'attribute_exists(pk) AND #status = :active',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':hash': passwordHash, ':at': at.toISOString(), ':active': 'active' },
  };
  const alongside = options.alongside ?? [];
  try {
    if (alongside.length > 0) {
      await transact(table, { account: { Update: update }, alongside });
    } else {
      await table.client.send(new UpdateCommand(update));
    }
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    if (cancelledTransaction(error)?.failed('account')) return false;
    throw error;
  }
}

export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string;
  country?: string;
}

/** updateProfile: artist complete-registration and PATCH user/profile. Returns the account as stored after. */
export async function updateProfile(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  changes: ProfileChanges,
  at: Date,
): Promise<Account | null> {
  const names: Record<string, string> = { '#status': 'status', '#updatedAt': 'updatedAt' };
  const values: Record<string, NativeAttributeValue> = { ':active': 'active', ':at': at.toISOString() };
  const sets = ['#updatedAt = :at'];
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    names[`#${field}`] = field;
    values[`:${field}`] = value;
    sets.push(`#${field} = :${field}`);
  }
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: accountKey(kind, userId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk) AND #status = :active',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

const personalAttributes = [
  'email',
  'firstName',
  'lastName',
  'phoneNumber',
  'country',
  'passwordHash',
  'emailVerifiedAt',
];

/**
 * eraseAccount: account deletion. The account item stays as an anonymous tombstone (its id is what money records
 * point at) without anything that names the person, and the e-mail guard goes, so the address can register again.
 * The "account deleted" mail comes `alongside`: queued with the erasure, while the address is still known.
 */
export async function eraseAccount(
  table: TableRef,
  account: Account & { email: string },
  at: Date,
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<boolean> {
  try {
    await transact(table, {
      account: {
        Update: {
          TableName: table.name,
          Key: accountKey(account.kind, account.id),
          UpdateExpression: `SET #status = :deleted, deletedAt = :at, updatedAt = :at REMOVE ${personalAttributes.map((name) => `#${name}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(pk) AND #status = :active',
          ExpressionAttributeNames: {
            '#status': 'status',
            ...Object.fromEntries(personalAttributes.map((name) => [`#${name}`, name])),
          },
          ExpressionAttributeValues: {
            ':deleted': 'deleted',
            ':active': 'active',
            ':at': at.toISOString(),
          },
        },
      },
      emailGuard: {
        Delete: {
          TableName: table.name,
          Key: emailGuardKey(account.kind, account.email),
          ConditionExpression: 'userId = :id',
          ExpressionAttributeValues: { ':id': account.id },
        },
      },
      alongside: options.alongside,
    });
    return true;
  } catch (error) {
    if (cancelledTransaction(error)) return false;
    throw error;
  }
}

// ── social connections ──────────────────────────────────────────────────────────────────────────────────────────
// The social sign-in work writes these (`saveConnection`); identity reads them for the user reply and erases
// them on deletion.

export interface ConnectionRecord {
  provider: string;
  /** The person's id at the provider. */
  providerUserId: string;
  connectedAt: string;
  /** Anything else the provider work keeps (encrypted tokens …). */
  details?: Record<string, NativeAttributeValue>;
}

/**
 * saveConnection: link-* and social sign-in record a connected provider. A provider identity belongs to one account
 * of a kind (a guard item, written in the same transaction); 'taken' when another account has it.
 */
export async function saveConnection(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  connection: ConnectionRecord,
): Promise<'saved' | 'taken'> {
  const written = await transactUnlessFailed(
    table,
    {
      connection: {
        Put: {
          TableName: table.name,
          Item: {
            ...connectionKey(kind, userId, connection.provider),
            entity: 'connection',
            v: 1,
            kind,
            userId,
            ...connection.details,
            provider: connection.provider,
            providerUserId: connection.providerUserId,
            connectedAt: connection.connectedAt,
          },
        },
      },
      connectionGuard: {
        Put: {
          TableName: table.name,
          Item: {
            ...connectionGuardKey(kind, connection.provider, connection.providerUserId),
            entity: 'connection-guard',
            v: 1,
            kind,
            userId,
          },
          ConditionExpression: 'attribute_not_exists(pk) OR userId = :userId',
          ExpressionAttributeValues: { ':userId': userId },
        },
      },
    },
    'connectionGuard',
  );
  return written ? 'saved' : 'taken';
}

/** findAccountByConnection: social sign-in finds the account a provider identity is connected to. */
export async function findAccountByConnection(
  table: TableRef,
  kind: AccountKind,
  provider: string,
  providerUserId: string,
): Promise<Account | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: connectionGuardKey(kind, provider, providerUserId),
      ConsistentRead: true,
    }),
  );
  return Item
    ? getAccount(table, kind, readStored('connection guard', storedGuardSchema, Item).userId)
    : null;
}

/** deleteConnection: disconnect-* and account deletion remove one provider and free its identity. */
export async function deleteConnection(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  provider: string,
): Promise<void> {
  const { Attributes } = await table.client.send(
    new DeleteCommand({
      TableName: table.name,
      Key: connectionKey(kind, userId, provider),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!Attributes) return;
  const { providerUserId } = readStored('connection', storedConnectionIdentitySchema, Attributes);
  try {
    await table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: connectionGuardKey(kind, provider, providerUserId),
        ConditionExpression: 'userId = :userId',
        ExpressionAttributeValues: { ':userId': userId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** listConnections: the connected-accounts part of GET /api/user, and account deletion. */
export async function listConnections(
  table: TableRef,
  kind: AccountKind,
  userId: string,
): Promise<ConnectionRecord[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition(kind, userId), ':prefix': connectionSortPrefix },
  });
  return items.map((item) => readStored('connection', storedConnectionSchema, item));
}
