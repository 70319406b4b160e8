// Sessions: one item per signed-in device under the person's partition, so a token whose item is gone is refused
// (logout), and ending every session of a person is one Query (password reset, deletion).
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { epochSecondsOf } from '../domain/calendar';
import type { AccountKind } from '../domain/identity/account';
import { sessionKey, sessionSortPrefix, userPartition } from './keys';
import { readStored, storedItemKeySchema } from './stored-item';
import type { TableRef } from './table';
import { deleteAllKeys, putNewItemAlone, queryAll } from './table';

export interface SessionRecord {
  kind: AccountKind;
  userId: string;
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A session item, as a token's check reads it: until when it lives (epoch seconds, the item's TTL). */
const storedSessionExpirySchema = z.object({ expiresAt: z.number() });

/** putSession: every sign-in (password, provider, staff). */
export async function putSession(table: TableRef, session: SessionRecord): Promise<void> {
  await putNewItemAlone(table, {
    ...sessionKey(session.kind, session.userId, session.sessionId),
    entity: 'session',
    v: 1,
    kind: session.kind,
    userId: session.userId,
    sessionId: session.sessionId,
    createdAt: session.createdAt.toISOString(),
    expiresAt: epochSecondsOf(session.expiresAt),
  });
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
  if (!Item) return false;
  // TTL deletion lags by up to days: an item past its time counts as gone.
  return readStored('session', storedSessionExpirySchema, Item).expiresAt > epochSecondsOf(now);
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
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition(kind, userId), ':prefix': sessionSortPrefix },
    ProjectionExpression: 'pk, sk',
  });
  await deleteAllKeys(
    table,
    items.map((item) => readStored('session', storedItemKeySchema, item)),
  );
  return items.length;
}
