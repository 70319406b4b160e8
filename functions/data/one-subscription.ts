// One subscription per fan (decision 035), in the fan's partition:
// - the fan's one Checkout session (`FAN#<fanId>` / `CHECKOUT_SESSION`): a checkout first reserves an attempt by a
//   conditional write, then creates the session under a Stripe idempotency key of that attempt and stores its id, so
//   concurrent checkouts of one fan answer the same session and a new checkout replaces (expires) the one before;
// - the holder (`FAN#<fanId>` / `ONE_SUBSCRIPTION`): the card subscription or promo pie that is the fan's one, taken by
//   a conditional write when free or when its holder has ended, so whichever payment is recorded first wins;
// - the second ones (`FAN#<fanId>` / `SECOND_SUBSCRIPTION#<subscriptionId>`): subscriptions that completed while
//   another held the fan, cancelled and refunded, so a later event about them never makes them the fan's one.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { oneSubscriptionKey, openCheckoutSessionKey, secondSubscriptionKey } from './keys';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import { isConditionFailure, updateIfCondition } from './table';

const checkoutEntity = 'fan-checkout-session';
const holderEntity = 'fan-one-subscription';
const secondEntity = 'fan-second-subscription';
const version = 2;

/** The fan's checkout reservation. Items written before decision 035 have only `sessionId` and `createdAt`. */
export interface CheckoutReservation {
  /** Unique per reservation; null on an item from before reservations. */
  attempt: string | null;
  /** What was asked (amount, days and split settings, as one string): the same request answers the same session. */
  request: string | null;
  /** Null while the reserving request is still creating the session. */
  sessionId: string | null;
  /** ISO 8601: when the reservation was made. */
  createdAt: string;
}

const reservationSchema = z.object({
  attempt: z.optional(z.string()),
  request: z.optional(z.string()),
  sessionId: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
});

/** Access pattern `getCheckoutReservation`. */
export async function getCheckoutReservation(
  table: TableRef,
  fanId: string,
): Promise<CheckoutReservation | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: openCheckoutSessionKey(fanId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const stored = readStored('checkout session', reservationSchema, Item);
  return {
    attempt: stored.attempt ?? null,
    request: stored.request ?? null,
    sessionId: stored.sessionId ?? null,
    createdAt: stored.createdAt,
  };
}

/**
 * Access pattern `reserveCheckout`: a new attempt replaces `replacing` (the reservation read just before; null when
 * there was none). False, and nothing written, when another checkout changed it since.
 */
export async function reserveCheckout(
  table: TableRef,
  fanId: string,
  reservation: { attempt: string; request: string; createdAt: string },
  replacing: CheckoutReservation | null,
): Promise<boolean> {
  const condition = !replacing
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : replacing.attempt
      ? { ConditionExpression: 'attempt = :seen', ExpressionAttributeValues: { ':seen': replacing.attempt } }
      : {
          ConditionExpression: 'attribute_not_exists(attempt) AND sessionId = :seen',
          ExpressionAttributeValues: { ':seen': replacing.sessionId },
        };
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...openCheckoutSessionKey(fanId),
          entity: checkoutEntity,
          v: version,
          ...reservation,
          sessionId: null,
        },
        ...condition,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Access pattern `setCheckoutSession`: the session of an attempt, stored unless another attempt replaced it. */
export function setCheckoutSession(
  table: TableRef,
  fanId: string,
  attempt: string,
  sessionId: string,
): Promise<boolean> {
  return updateIfCondition(table, {
    Key: openCheckoutSessionKey(fanId),
    UpdateExpression: 'SET sessionId = :session',
    ConditionExpression: 'attempt = :attempt',
    ExpressionAttributeValues: { ':session': sessionId, ':attempt': attempt },
  });
}

/** The fan's one subscription: a card subscription (Stripe's id) or the promo pie. */
export type SubscriptionHolder = { kind: 'card'; subscriptionId: string } | { kind: 'promo'; pieId: string };

export interface HeldSubscription {
  holder: SubscriptionHolder;
  /** ISO 8601. */
  heldSince: string;
}

/** The holder as one string, so a condition compares it whole: `card:<subscriptionId>` or `promo:<pieId>`. */
export function holderText(holder: SubscriptionHolder): string {
  return holder.kind === 'card' ? `card:${holder.subscriptionId}` : `promo:${holder.pieId}`;
}

function holderOf(text: string): SubscriptionHolder {
  if (text.startsWith('card:')) return { kind: 'card', subscriptionId: text.slice('card:'.length) };
  if (text.startsWith('promo:')) return { kind: 'promo', pieId: text.slice('promo:'.length) };
  throw new Error(`A subscription holder is card: or promo:, not ${text}`);
}

/** The one-subscription item as its holder is read back. */
const storedHolderSchema = z.object({ holder: z.string(), heldSince: z.string() });

/** Access pattern `getSubscriptionHolder`. */
export async function getSubscriptionHolder(
  table: TableRef,
  fanId: string,
): Promise<HeldSubscription | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: oneSubscriptionKey(fanId), ConsistentRead: true }),
  );
  if (!Item) return null;
  const stored = readStored('one-subscription holder', storedHolderSchema, Item);
  return { holder: holderOf(stored.holder), heldSince: stored.heldSince };
}

/**
 * The write that makes `holder` the fan's one subscription, replacing `replacing` (the holder read just before and
 * found ended; null when there was none): a Put whose condition fails when another took it since.
 */
export function buildHolderClaim(
  table: TableRef,
  fanId: string,
  holder: SubscriptionHolder,
  at: Date,
  replacing: SubscriptionHolder | null,
): TransactionItem {
  return {
    Put: {
      TableName: table.name,
      Item: {
        ...oneSubscriptionKey(fanId),
        entity: holderEntity,
        v: version,
        holder: holderText(holder),
        heldSince: at.toISOString(),
      },
      ...(replacing
        ? {
            ConditionExpression: 'holder = :seen',
            ExpressionAttributeValues: { ':seen': holderText(replacing) },
          }
        : { ConditionExpression: 'attribute_not_exists(pk)' }),
    },
  };
}

/** Access pattern `claimSubscriptionHolder`: `buildHolderClaim` on its own; false when another took it since. */
export async function claimSubscriptionHolder(
  table: TableRef,
  fanId: string,
  holder: SubscriptionHolder,
  at: Date,
  replacing: SubscriptionHolder | null,
): Promise<boolean> {
  const claim = buildHolderClaim(table, fanId, holder, at, replacing).Put;
  if (!claim) throw new Error('A holder claim is a Put');
  try {
    await table.client.send(new PutCommand(claim));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Access pattern `markSecondSubscription`: the first decision stays (its invoice and holder). */
export async function markSecondSubscription(
  table: TableRef,
  fanId: string,
  second: { subscriptionId: string; invoiceId: string; holder: SubscriptionHolder; at: Date },
): Promise<void> {
  await updateIfCondition(table, {
    Key: secondSubscriptionKey(fanId, second.subscriptionId),
    UpdateExpression: 'SET entity = :entity, v = :v, invoiceId = :invoice, holder = :holder, decidedAt = :at',
    ConditionExpression: 'attribute_not_exists(pk)',
    ExpressionAttributeValues: {
      ':entity': secondEntity,
      ':v': version,
      ':invoice': second.invoiceId,
      ':holder': holderText(second.holder),
      ':at': second.at.toISOString(),
    },
  });
}

/** Access pattern `isSecondSubscription`. */
export async function isSecondSubscription(
  table: TableRef,
  fanId: string,
  subscriptionId: string,
): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: secondSubscriptionKey(fanId, subscriptionId),
      ConsistentRead: true,
      ProjectionExpression: 'pk',
    }),
  );
  return Item !== undefined;
}
