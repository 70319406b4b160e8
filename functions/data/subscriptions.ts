// A fan's Stripe subscriptions as last re-read from Stripe (`FAN#<fanId>` / `SUBSCRIPTION#<id>`), written only from
// objects fetched from Stripe (never from a webhook's copy), each with the time OpenPie asked for it: a copy asked for
// before the stored one is older and never replaces it (a webhook's re-read that began before the fan's cancel and
// ended after it would otherwise undo the cancel); and the end of the fan's one Checkout session (`FAN#<fanId>` / `CHECKOUT_SESSION`, reserved and stored
// by data/one-subscription.ts) once it completed.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { subscriptionStatuses } from '../contracts/payments';
import type { SubscriptionStatus } from '../contracts/payments';
import { fanPartition, fanSubscriptionKey, openCheckoutSessionKey, subscriptionSortPrefix } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { isConditionFailure } from './table';

const subscriptionEntity = 'fan-subscription';
const version = 1;

export interface StoredSubscription {
  id: string;
  fanId: string;
  customerId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** ISO 8601. */
  currentPeriodStart: string;
  currentPeriodEnd: string;
  amountCents: number;
  pieDays: number;
  /** When OpenPie last read it from Stripe. */
  updatedAt: string;
  /** When OpenPie asked Stripe for this copy (ISO 8601); absent on items stored before it was kept. */
  askedAt?: string;
}

const subscriptionSchema = z.object({
  id: z.string(),
  fanId: z.string(),
  customerId: z.string(),
  status: z.enum(subscriptionStatuses),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  amountCents: z.number().check(z.int()),
  pieDays: z.number().check(z.int()),
  updatedAt: z.string(),
  askedAt: z.optional(z.string()),
});

function toSubscription(item: Record<string, NativeAttributeValue>): StoredSubscription {
  return readStored('fan subscription', subscriptionSchema, item);
}

/**
 * Access pattern `putFanSubscription`: the subscription as Stripe answered it just now, unless the stored copy was
 * asked for later (then false, and nothing is written).
 */
export async function putFanSubscription(
  table: TableRef,
  subscription: StoredSubscription,
): Promise<boolean> {
  const newerOnly = subscription.askedAt
    ? {
        ConditionExpression:
          'attribute_not_exists(pk) OR attribute_not_exists(askedAt) OR askedAt <= :askedAt',
        ExpressionAttributeValues: { ':askedAt': subscription.askedAt },
      }
    : {};
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...fanSubscriptionKey(subscription.fanId, subscription.id),
          entity: subscriptionEntity,
          v: version,
          ...subscription,
        },
        ...newerOnly,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Access pattern `getFanSubscription`. */
export async function getFanSubscription(
  table: TableRef,
  fanId: string,
  subscriptionId: string,
): Promise<StoredSubscription | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: fanSubscriptionKey(fanId, subscriptionId),
      ConsistentRead: true,
    }),
  );
  return Item ? toSubscription(Item) : null;
}

/** Access pattern `listFanSubscriptions`: every subscription the fan has had (a handful). */
export async function listFanSubscriptions(table: TableRef, fanId: string): Promise<StoredSubscription[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': fanPartition(fanId), ':prefix': subscriptionSortPrefix },
      ConsistentRead: true,
    }),
  );
  return (Items ?? []).map(toSubscription);
}

/** Access pattern `clearOpenCheckoutSession`: forgets the session once it completed, unless a newer one replaced it. */
export async function clearOpenCheckoutSession(
  table: TableRef,
  fanId: string,
  sessionId: string,
): Promise<void> {
  try {
    await table.client.send(
      new DeleteCommand({
        TableName: table.name,
        Key: openCheckoutSessionKey(fanId),
        ConditionExpression: 'sessionId = :session',
        ExpressionAttributeValues: { ':session': sessionId },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
