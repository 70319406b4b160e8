// Rate-limit counters: one item per counter and fixed window, incremented by a conditional update that refuses
// once the limit is reached. The item expires (TTL) a window after its own, as the next window still weighs it.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateCounterKey } from './keys';
import type { TableRef } from './table';
import { isConditionFailure } from './table';

export interface RateCounterHit {
  /** Names the action, the scope and a hash of the e-mail or address, e.g. `login#email#<sha256>`. */
  counter: string;
  windowStartSeconds: number;
  windowEndSeconds: number;
  /** Hits the window may already hold for this one to be counted (fewer than the rule's when the last window weighs). */
  limit: number;
}

/** countRateLimitHit: login, register and forgot-password, per e-mail and per client address. */
export async function countRateLimitHit(
  table: TableRef,
  hit: RateCounterHit,
): Promise<'allowed' | 'limited'> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: rateCounterKey(hit.counter, hit.windowStartSeconds),
        UpdateExpression: 'ADD #count :one SET #entity = :entity, #v = :v, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count', '#entity': 'entity', '#v': 'v' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':limit': hit.limit,
          ':entity': 'rate-counter',
          ':v': 1,
          // The next window reads this count too; a minute more, so a clock a little behind still finds it.
          ':expiresAt': 2 * hit.windowEndSeconds - hit.windowStartSeconds + 60,
        },
      }),
    );
    return 'allowed';
  } catch (error) {
    if (isConditionFailure(error)) return 'limited';
    throw error;
  }
}

/** readRateCount: a counter's count in one window (the previous window's for a limit, the current one's for the slow-down). */
export async function readRateCount(
  table: TableRef,
  counter: string,
  windowStartSeconds: number,
): Promise<number> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: rateCounterKey(counter, windowStartSeconds),
      ProjectionExpression: '#count',
      ExpressionAttributeNames: { '#count': 'count' },
    }),
  );
  return typeof Item?.['count'] === 'number' ? Item['count'] : 0;
}
