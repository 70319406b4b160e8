// Stripe webhook events already handled (`STRIPE_EVENT#<eventId>` / `STRIPE_EVENT`). The mark is written after the
// event's handling succeeded, so a failed handling is retried by Stripe; the handlers are idempotent on their own,
// and the mark only spares a re-delivery the work. Kept 30 days: Stripe retries for at most 3.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { epochSecondsOf } from '../domain/calendar';
import { stripeEventKey } from './keys';
import type { TableRef } from './table';
import { isConditionFailure } from './table';

const keepSeconds = 30 * 24 * 60 * 60;

/** Access pattern `isStripeEventHandled`. */
export async function isStripeEventHandled(table: TableRef, eventId: string): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: stripeEventKey(eventId), ConsistentRead: true }),
  );
  return Item !== undefined;
}

/** Access pattern `markStripeEventHandled`: `repeated` when another delivery of the event marked it first. */
export async function markStripeEventHandled(
  table: TableRef,
  event: { id: string; type: string },
  at: Date,
): Promise<'marked' | 'repeated'> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: {
          ...stripeEventKey(event.id),
          entity: 'stripe-event',
          v: 1,
          eventId: event.id,
          type: event.type,
          handledAt: at.toISOString(),
          expiresAt: epochSecondsOf(at) + keepSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return 'marked';
  } catch (error) {
    if (isConditionFailure(error)) return 'repeated';
    throw error;
  }
}
