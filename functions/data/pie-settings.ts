// A fan's say in how an open pie splits (docs/data-model.md): its settings, and per artist whether this pie keeps it
// in beyond the limit, leaves it out, or leaves it to the settings (the pie's `inclusions`). Both change only while
// the pie is open and its period runs; the pie item itself is data/pies.ts's.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { pieKey } from './keys';
import type { PieSettings, StoredPie } from './pies';
import { toPie } from './pies';
import type { TableRef } from './table';
import { isConditionFailure, updateIfCondition } from './table';

/**
 * Access pattern `updatePieSettings`: the fan changes how an open pie splits, while its period runs (`now` before
 * periodEnd: an ended pie waits for its split with the settings it ended with). Null when the pie is not there, not
 * open or ended.
 */
export async function updatePieSettings(
  table: TableRef,
  pieId: string,
  settings: PieSettings,
  now: Date,
): Promise<StoredPie | null> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: pieKey(pieId),
        UpdateExpression: 'SET settings = :settings',
        ConditionExpression: 'attribute_exists(pk) AND #status = :open AND periodEnd > :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':settings': settings, ':open': 'open', ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toPie(Attributes) : null;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** At most this many inclusions per pie: one per artist a pie can hold (contracts/pie.ts `maximumArtistLimit`). */
export const maximumPieInclusions = 500;

export type SetPieInclusionResult = 'set' | 'closed' | 'limit_reached';

/** Retries of an inclusion that raced another write of the same pie: each retry sees the winner. */
const inclusionAttempts = 3;

/**
 * Access pattern `setPieInclusion`: this pie keeps an artist in (`true`), leaves it out (`false`) or hands it back
 * to the settings (`null`), while the pie is open and its period runs (else `closed`). A new key is refused with
 * `limit_reached` once the pie holds `maximumPieInclusions`. ISO instants compare as strings, so `periodEnd > :now`
 * is the period check.
 */
export async function setPieInclusion(
  table: TableRef,
  pieId: string,
  artistKey: string,
  value: boolean | null,
  now: Date,
): Promise<SetPieInclusionResult> {
  const openNow = 'attribute_exists(pk) AND #status = :open AND periodEnd > :now';
  const names = { '#status': 'status', '#artist': artistKey };
  const openValues = { ':open': 'open', ':now': now.toISOString() };
  for (let attempt = 0; attempt < inclusionAttempts; attempt += 1) {
    const changed = await updateIfCondition(
      table,
      value === null
        ? {
            Key: pieKey(pieId),
            UpdateExpression: 'REMOVE inclusions.#artist',
            ConditionExpression: `${openNow} AND attribute_exists(inclusions)`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: openValues,
          }
        : {
            Key: pieKey(pieId),
            UpdateExpression: 'SET inclusions.#artist = :value',
            ConditionExpression: `${openNow} AND attribute_exists(inclusions) AND (size(inclusions) < :max OR attribute_exists(inclusions.#artist))`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ...openValues, ':value': value, ':max': maximumPieInclusions },
          },
    );
    if (changed) return 'set';
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: pieKey(pieId), ConsistentRead: true }),
    );
    if (!Item) return 'closed';
    const pie = toPie(Item);
    if (pie.status !== 'open' || Date.parse(pie.periodEnd) <= now.getTime()) return 'closed';
    const hasMap = Item['inclusions'] !== undefined;
    if (value === null && !hasMap) return 'set';
    if (hasMap && value !== null && Object.keys(pie.inclusions).length >= maximumPieInclusions) {
      if (!(artistKey in pie.inclusions)) return 'limit_reached';
    }
    // A pie stored before inclusions existed has no map: give it an empty one, then set the key.
    if (!hasMap) {
      await updateIfCondition(table, {
        Key: pieKey(pieId),
        UpdateExpression: 'SET inclusions = :empty',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(inclusions)',
        ExpressionAttributeValues: { ':empty': {} },
      });
    }
  }
  throw new Error(`Pie ${pieId} kept changing while setting the inclusion of ${artistKey}`);
}
