// Single-use link tokens (verify e-mail, reset password), stored as the SHA-256 of their secret. Using one is a
// conditional update, so two clicks at once cannot both succeed; a used token stays until its TTL so a second
// click can be told "already used" rather than "not valid".
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { epochSecondsOf } from '../domain/calendar';
import type { AccountKind } from '../domain/identity/account';
import type { LinkTokenProblem, LinkTokenPurpose } from '../domain/identity/link-tokens';
import { linkTokenIndexPrefix, linkTokenKey, userPartition } from './keys';
import { readStored, storedItemKeySchema } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import {
  cancelledTransaction,
  deleteAllKeys,
  isConditionFailure,
  queryAll,
  transact,
  updateIfCondition,
} from './table';

export interface LinkTokenRecord {
  tokenHash: string;
  purpose: LinkTokenPurpose;
  kind: AccountKind;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

function toItem(token: LinkTokenRecord): Record<string, NativeAttributeValue> {
  return {
    ...linkTokenKey(token.tokenHash),
    entity: 'link-token',
    v: 1,
    purpose: token.purpose,
    kind: token.kind,
    userId: token.userId,
    createdAt: token.createdAt.toISOString(),
    // Checked on use as well: DynamoDB's TTL removes items only eventually.
    expiresAt: epochSecondsOf(token.expiresAt),
    gsi1pk: userPartition(token.kind, token.userId),
    gsi1sk: `${linkTokenIndexPrefix}${token.purpose}#${token.createdAt.toISOString()}`,
  };
}

/**
 * A token item as a use reads it back: whose it is, what for, and whether it was used (`usedAt`, absent until then).
 * Purpose and kind are compared with the use's, not narrowed: a token for something else is simply not this link.
 */
const storedLinkTokenSchema = z.object({
  purpose: z.string(),
  kind: z.string(),
  userId: z.string(),
  usedAt: z.optional(z.string()),
});

const newTokenCondition = 'attribute_not_exists(pk)';

/**
 * putLinkToken as an item of its caller's transaction: registration writes the verify link with the account and
 * the mail that carries it.
 */
export function buildLinkTokenPut(table: TableRef, token: LinkTokenRecord): TransactionItem {
  return { Put: { TableName: table.name, Item: toItem(token), ConditionExpression: newTokenCondition } };
}

/**
 * putLinkToken: forgot-password (reset) and an expired verify link (a fresh one), in one transaction with the items
 * `alongside` (the mail that carries the link), so there is never a link without its mail or a mail without its link.
 */
export async function putLinkToken(
  table: TableRef,
  token: LinkTokenRecord,
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<void> {
  const alongside = options.alongside ?? [];
  if (alongside.length > 0) {
    await transact(table, { token: buildLinkTokenPut(table, token), alongside });
    return;
  }
  await table.client.send(
    new PutCommand({ TableName: table.name, Item: toItem(token), ConditionExpression: newTokenCondition }),
  );
}

/**
 * rehearseLinkTokenPut: forgot-password for an address with no account sends the very transaction a real reset link
 * would (the link and its mail), conditioned on a token that cannot exist, so DynamoDB cancels it and writes
 * nothing: the same table work either way, so the call's timing does not tell whether the account exists.
 */
export async function rehearseLinkTokenPut(
  table: TableRef,
  token: LinkTokenRecord,
  options: { alongside?: readonly TransactionItem[] } = {},
): Promise<void> {
  const refused: TransactionItem = {
    Put: { TableName: table.name, Item: toItem(token), ConditionExpression: 'attribute_exists(pk)' },
  };
  try {
    await transact(table, { refused, alongside: options.alongside });
  } catch (error) {
    if (cancelledTransaction(error)?.failed('refused')) return;
    throw error;
  }
  throw new Error('A rehearsed link token was written: its token hash was not fresh.');
}

export type LinkTokenUse =
  { status: 'used-now'; userId: string } | { status: LinkTokenProblem; userId: string | null };

/**
 * useLinkToken: verify-email/{token} and reset-password/{token}. Marks the token used when it is genuine, for this
 * purpose and kind, unused and current; otherwise says which of those it is not.
 */
export async function useLinkToken(
  table: TableRef,
  request: { tokenHash: string; purpose: LinkTokenPurpose; kind: AccountKind; now: Date },
): Promise<LinkTokenUse> {
  const key = linkTokenKey(request.tokenHash);
  try {
    const { Attributes } = await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key,
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND #purpose = :purpose AND #kind = :kind AND attribute_not_exists(usedAt) AND expiresAt > :nowSeconds',
        ExpressionAttributeNames: { '#purpose': 'purpose', '#kind': 'kind' },
        ExpressionAttributeValues: {
          ':now': request.now.toISOString(),
          ':purpose': request.purpose,
          ':kind': request.kind,
          ':nowSeconds': epochSecondsOf(request.now),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { status: 'used-now', userId: readStored('link token', storedLinkTokenSchema, Attributes).userId };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }),
  );
  if (!Item) return { status: 'invalid', userId: null };
  const token = readStored('link token', storedLinkTokenSchema, Item);
  if (token.purpose !== request.purpose || token.kind !== request.kind)
    return { status: 'invalid', userId: null };
  if (token.usedAt !== undefined) return { status: 'used', userId: token.userId };
  return { status: 'expired', userId: token.userId };
}

/**
 * retireExpiredLinkToken: an expired verify link sends a fresh mail once; marking it used first means a second
 * click cannot send another.
 */
export async function retireExpiredLinkToken(
  table: TableRef,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  return updateIfCondition(table, {
    Key: linkTokenKey(tokenHash),
    UpdateExpression: 'SET usedAt = :now',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt)',
    ExpressionAttributeValues: { ':now': now.toISOString() },
  });
}

/**
 * deleteLinkTokensOfUser: a reset retires the person's other reset links (keeping the one just used, so a second
 * click is told it was used); deletion erases all of them.
 */
export async function deleteLinkTokensOfUser(
  table: TableRef,
  kind: AccountKind,
  userId: string,
  options: { purpose?: LinkTokenPurpose; exceptTokenHash?: string } = {},
): Promise<number> {
  const { purpose, exceptTokenHash } = options;
  const except = exceptTokenHash ? linkTokenKey(exceptTokenHash).pk : null;
  const items = await queryAll(table, {
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': userPartition(kind, userId),
      ':prefix': purpose ? `${linkTokenIndexPrefix}${purpose}#` : linkTokenIndexPrefix,
    },
  });
  const keys = items
    .map((item) => readStored('link token', storedItemKeySchema, item))
    .filter((key) => key.pk !== except);
  await deleteAllKeys(table, keys);
  return keys.length;
}
