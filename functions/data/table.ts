// The table an access pattern works on: the document client and the table's name, passed together.
import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export interface TableRef {
  client: DynamoDBDocumentClient;
  name: string;
}

/**
 * One write of a TransactWriteItems. Access patterns that change state take extra items `alongside` (a link token, a
 * mail for the outbox), so what belongs together is written together or not at all.
 */
export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's TTL reads epoch seconds. */
export function toEpochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** True for a failed ConditionExpression, alone or inside a cancelled transaction. */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'ConditionalCheckFailedException';
}

/** The cancellation codes of a failed TransactWriteItems, one per item in order; null for other errors. */
export function transactionCancellationCodes(error: unknown): (string | undefined)[] | null {
  const candidate = error as { name?: unknown; CancellationReasons?: { Code?: string }[] } | null;
  if (candidate?.name !== 'TransactionCanceledException') return null;
  return (candidate.CancellationReasons ?? []).map((reason) => reason.Code);
}
