// The artists assigned to an office `member` (docs/data-model.md "Offices", decision 026): a string set on their member
// item, so they leave with the member and with the office without another item to clean.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { officeMemberKey } from '../keys';
import type { TableRef } from '../table';
import { isConditionFailure } from '../table';
import { readStored } from '../stored-item';
import type { Item } from './stored';
import { storedMemberArtistsSchema } from './stored';

/** getMemberArtistIds: the artists assigned to a member, or null when they are not a member of the office. */
export async function getMemberArtistIds(
  table: TableRef,
  officeId: string,
  userId: string,
): Promise<string[] | null> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: officeMemberKey(officeId, userId),
      ProjectionExpression: 'artistIds, userId',
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return toArtistIds(Item);
}

function toArtistIds(item: Item | undefined): string[] {
  return [...(readStored('office member', storedMemberArtistsSchema, item ?? {}).artistIds ?? [])].sort();
}

/**
 * assignMemberArtists: adds artists to a member's set ('missing' when they left meanwhile) and answers the whole
 * set. Adding an artist already there changes nothing, so a repeated request is harmless.
 */
export async function assignMemberArtists(
  table: TableRef,
  officeId: string,
  userId: string,
  artistIds: readonly string[],
): Promise<string[] | 'missing'> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeMemberKey(officeId, userId),
        UpdateExpression: 'ADD artistIds :ids',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':ids': new Set(artistIds) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toArtistIds(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return 'missing';
    throw error;
  }
}

/** unassignMemberArtist: takes one artist from a member's set; 'not-assigned' when it was not in it. */
export async function unassignMemberArtist(
  table: TableRef,
  officeId: string,
  userId: string,
  artistId: string,
): Promise<string[] | 'not-assigned'> {
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: officeMemberKey(officeId, userId),
        UpdateExpression: 'DELETE artistIds :ids',
        ConditionExpression: 'contains(artistIds, :id)',
        ExpressionAttributeValues: { ':ids': new Set([artistId]), ':id': artistId },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toArtistIds(Attributes);
  } catch (error) {
    if (isConditionFailure(error)) return 'not-assigned';
    throw error;
  }
}
