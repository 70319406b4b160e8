// Sessions: one item per signed-in device under the person's partition, so a token whose item is gone is refused
// (logout), and ending every session of a person is one Query (password reset, deletion).
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import type { AccountKind } from '../domain/identity/account';
import { sessionKey, sessionSortPrefix, userPartition } from './keys';
import type { TableRef } from './table';
import { toEpochSeconds } from './table';

export interface SessionRecord {
  kind: AccountKind;
  userId: string;
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** putSession: every sign-in (password, provider, staff). */
export async function putSession(table: TableRef, session: SessionRecord): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...sessionKey(session.kind, session.userId, session.sessionId),
        entity: 'session',
        v: 1,
        kind: session.kind,
        userId: session.userId,
        sessionId: session.sessionId,
        createdAt: session.createdAt.toISOString(),
        expiresAt: toEpochSeconds(session.expiresAt),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** isSessionLive: every authenticated call checks that its token's session was not ended. */
export async function isSessionLive(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  sessionId: string,
  now: Date,
): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.name,
      Key: sessionKey(kind, userId, sessionId),
      ProjectionExpression: 'expiresAt',
    }),
  );
  // TTL deletion lags by up to days: an item past its time counts as gone.
  return typeof Item?.['expiresAt'] === 'number' && Item['expiresAt'] > toEpochSeconds(now);
}

/** deleteSession: logout. */
export async function deleteSession(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  sessionId: string,
): Promise<void> {
  await table.client.send(
    new DeleteCommand({ TableName: table.name, Key: sessionKey(kind, userId, sessionId) }),
  );
}

/** deleteAllSessions: password reset and account deletion sign the person out everywhere. Returns how many ended. */
export async function deleteAllSessions(table: TableRef, kind: AccountKind, userId: string): Promise<number> {
  let ended = 0;
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const page = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': userPartition(kind, userId), ':prefix': sessionSortPrefix },
        ProjectionExpression: 'pk, sk',
        ExclusiveStartKey: startKey,
      }),
    );
    const keys = (page.Items ?? []).map((item) => ({ pk: item['pk'] as string, sk: item['sk'] as string }));
    await deleteKeys(table, keys);
    ended += keys.length;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return ended;
}

/** Deletes items 25 at a time (BatchWriteItem's limit), retrying what DynamoDB hands back unprocessed. */
export async function deleteKeys(table: TableRef, keys: { pk: string; sk: string }[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 25) {
    let requests = keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 50 * 2 ** attempt)));
      const { UnprocessedItems } = await table.client.send(
        new BatchWriteCommand({ RequestItems: { [table.name]: requests } }),
      );
      requests = (UnprocessedItems?.[table.name] ?? []) as typeof requests;
      if (attempt > 8 && requests.length > 0) throw new Error('DynamoDB kept refusing the batch delete.');
    }
  }
}
