// Staff's directories (decision 037): every fan, every artist-side user and every office, newest first, without a
// Scan. The account item of a fan or an artist-side user and the office item carry gsi2 keys from their creation
// (`DIRECTORY#<KIND>` / `<createdAt>#<id>`), so a staff list is one index partition read in pages. A deleted account
// stays there as its anonymous tombstone; a deleted office leaves it with its item. The fan's account item also holds
// what the fan's card payments came to (`spentCents`, written by `recordFanSpend` from the ledger), so the fans list
// sorts by it without reading anyone's ledger.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { accountKey, directoryPartition, directorySortKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { queryAll, updateIfCondition } from './table';

type DirectoryKind = 'fan' | 'artist' | 'office';

/** The gsi2 attributes that put an item in its directory: written with the item, never changed. */
export function directoryIndexFields(
  kind: DirectoryKind,
  createdAt: string,
  id: string,
): { gsi2pk: string; gsi2sk: string } {
  return { gsi2pk: directoryPartition(kind), gsi2sk: directorySortKey(createdAt, id) };
}

const optionalText = z.optional(z.string());

const directoryAccountSchema = z.object({
  id: z.string(),
  status: z.optional(z.enum(['active', 'deleted'])),
  email: optionalText,
  firstName: optionalText,
  lastName: optionalText,
  createdAt: z.string(),
  deletedAt: optionalText,
  spentCents: z.optional(z.number().check(z.int())),
  paymentCount: z.optional(z.number().check(z.int())),
  pieEndsAt: optionalText,
});

/** An account as a staff list shows it; e-mail and names are absent once the person deleted the account. */
export interface DirectoryAccount {
  id: string;
  status: 'active' | 'deleted';
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
  deletedAt: string | null;
  /** Fans: the gross of their card payments as last recorded (0 before the first). */
  spentCents: number;
  paymentCount: number;
  /** Fans: the end of the latest period of a pie that was not stopped, as last recorded. */
  pieEndsAt: string | null;
}

function toDirectoryAccount(item: Record<string, NativeAttributeValue>): DirectoryAccount {
  const parsed = readStored('directory account', directoryAccountSchema, item);
  return {
    id: parsed.id,
    status: parsed.status ?? 'active',
    email: parsed.email ?? null,
    firstName: parsed.firstName ?? null,
    lastName: parsed.lastName ?? null,
    createdAt: parsed.createdAt,
    deletedAt: parsed.deletedAt ?? null,
    spentCents: parsed.spentCents ?? 0,
    paymentCount: parsed.paymentCount ?? 0,
    pieEndsAt: parsed.pieEndsAt ?? null,
  };
}

/**
 * listAccountDirectory: every fan or every artist-side user, newest first (gsi2 `DIRECTORY#FAN` or
 * `DIRECTORY#ARTIST_USER`), only the fields a list shows.
 */
export async function listAccountDirectory(
  table: TableRef,
  kind: 'fan' | 'artist',
): Promise<DirectoryAccount[]> {
  const items = await queryAll(table, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': directoryPartition(kind) },
    ExpressionAttributeNames: { '#status': 'status' },
    ProjectionExpression:
      'id, #status, email, firstName, lastName, createdAt, deletedAt, spentCents, paymentCount, pieEndsAt',
    ScanIndexForward: false,
  });
  return items.map(toDirectoryAccount);
}

const directoryOfficeSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.optional(z.string()),
  memberCount: z.optional(z.number()),
  createdAt: z.string(),
  stripeAccountId: optionalText,
  stripeAccount: z.optional(z.object({ payoutsEnabled: z.optional(z.boolean()) })),
});

/** An office as staff's list shows it, with its connected account's state as last read from Stripe. */
export interface DirectoryOffice {
  id: string;
  name: string;
  type: 'Artist' | 'Label';
  memberCount: number;
  createdAt: string;
  /** Its connected account as last read from Stripe; null before onboarding began. */
  stripeAccount: { accountId: string; payoutsEnabled: boolean } | null;
}

/** listOfficeDirectory: every office, newest first (gsi2 `DIRECTORY#OFFICE`). */
export async function listOfficeDirectory(table: TableRef): Promise<DirectoryOffice[]> {
  const items = await queryAll(table, {
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': directoryPartition('office') },
    ExpressionAttributeNames: { '#name': 'name', '#type': 'type' },
    ProjectionExpression: 'id, #name, #type, memberCount, createdAt, stripeAccountId, stripeAccount',
    ScanIndexForward: false,
  });
  return items.map((item) => {
    const parsed = readStored('directory office', directoryOfficeSchema, item);
    return {
      id: parsed.id,
      name: parsed.name,
      type: parsed.type === 'Label' ? 'Label' : 'Artist',
      memberCount: parsed.memberCount ?? 0,
      createdAt: parsed.createdAt,
      stripeAccount:
        parsed.stripeAccountId === undefined
          ? null
          : {
              accountId: parsed.stripeAccountId,
              payoutsEnabled: parsed.stripeAccount?.payoutsEnabled === true,
            },
    };
  });
}

export interface FanSpend {
  spentCents: number;
  paymentCount: number;
  pieEndsAt: string | null;
}

/**
 * recordFanSpend: what the fan's card payments came to, counted from the ledger, kept on the fan's account item for
 * staff's list. Payments only add up, so a count read later never loses to one read earlier (condition on
 * `paymentCount`); false when the account does not exist or a newer count is stored.
 */
export function recordFanSpend(table: TableRef, fanId: string, spend: FanSpend, at: Date): Promise<boolean> {
  return updateIfCondition(table, {
    Key: accountKey('fan', fanId),
    UpdateExpression:
      spend.pieEndsAt === null
        ? 'SET spentCents = :spent, paymentCount = :count, spendRecordedAt = :at REMOVE pieEndsAt'
        : 'SET spentCents = :spent, paymentCount = :count, spendRecordedAt = :at, pieEndsAt = :ends',
    ConditionExpression:
      'attribute_exists(pk) AND (attribute_not_exists(paymentCount) OR paymentCount <= :count)',
    ExpressionAttributeValues: {
      ':spent': spend.spentCents,
      ':count': spend.paymentCount,
      ':at': at.toISOString(),
      ...(spend.pieEndsAt === null ? {} : { ':ends': spend.pieEndsAt }),
    },
  });
}
