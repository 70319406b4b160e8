// An office's Stripe connected account (docs/data-model.md "Offices", decision 025): its id and its state as last
// read from Stripe live on the office item, one account per office; staff can remove the connection so the office
// onboards again, and a removed account never comes back to it.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { officeKey, payoutOpenGuardKey } from '../keys';
import { readStored } from '../stored-item';
import type { TableRef, TransactionItem } from '../table';
import { cancelledTransaction, isConditionFailure, transact } from '../table';
import type { Item } from './stored';
import { storedStripeAccountStateSchema } from './stored';

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

/** The office item's Stripe account: its id and state, both absent until onboarding starts. */
const storedOfficeStripeAccountSchema = z.object({
  stripeAccountId: z.optional(z.string()),
  stripeAccount: z.optional(storedStripeAccountStateSchema),
});

/** How many times staff removed the office's Stripe connection (absent: never). */
const storedConnectionGenerationSchema = z.object({
  stripeConnectionGeneration: z._default(z.number().check(z.int()), 0),
});

function toStripeAccount(item: Item): OfficeStripeAccount | null {
  const { stripeAccountId, stripeAccount } = readStored('office', storedOfficeStripeAccountSchema, item);
  if (stripeAccountId === undefined || stripeAccount === undefined) return null;
  return { accountId: stripeAccountId, ...stripeAccount };
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
    const held = readStored('office', storedOfficeStripeAccountSchema, Item).stripeAccountId;
    return held !== undefined && held !== accountId ? { taken: held } : 'stale';
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
  return readStored('office', storedConnectionGenerationSchema, Item ?? {}).stripeConnectionGeneration;
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
    await transact(table, {
      office: {
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
      payoutGuard: {
        ConditionCheck: {
          TableName: table.name,
          Key: payoutOpenGuardKey(officeId),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      alongside,
    });
    return 'removed';
  } catch (error) {
    const cancelled = cancelledTransaction(error);
    if (!cancelled) throw error;
    if (cancelled.failed('alongside')) return 'alongside';
    if (cancelled.failed('payoutGuard')) return 'payout-open';
    if (cancelled.failed('office')) return 'stale';
    throw error;
  }
}
