// A claim's verification attempts (docs/decisions/027-claim-verification.md; docs/data-model.md
// "Claim verification"): every try at finding the verification string, in the claim's own partition, so the office
// and staff read a claim's attempts with one Query. An attempt is written once and never changed.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { verificationMethods, verificationPlatforms } from '../contracts/claims';
import { claimPartition, claimVerificationAttemptKey, claimVerificationSortPrefix } from './keys';
import { readStored } from './stored-item';
import type { TableRef } from './table';
import { putNewItemAlone, queryAll } from './table';

const attemptVersion = 1;

const storedAttemptSchema = z.object({
  id: z.string(),
  claimId: z.string(),
  method: z.enum(verificationMethods),
  platform: z.enum(verificationPlatforms),
  /** What was read: the Spotify page's URL, or the connected profiles (URL or handle). */
  checked: z.string(),
  found: z.boolean(),
  /** What was found, or what the bio said instead, in words for people. */
  detail: z.string(),
  at: z.string(),
  /** Who asked: an admin of the office (`office`), or staff checking by hand (`staff`). */
  byKind: z.enum(['office', 'staff']),
  byId: z.string(),
});
export type StoredVerificationAttempt = z.infer<typeof storedAttemptSchema>;

/** recordVerificationAttempt: `verify-bio`, a social callback, or staff's manual verification. */
export async function recordVerificationAttempt(
  table: TableRef,
  attempt: StoredVerificationAttempt,
): Promise<void> {
  await putNewItemAlone(table, {
    ...claimVerificationAttemptKey(attempt.claimId, attempt.at, attempt.id),
    entity: 'claim-verification-attempt',
    v: attemptVersion,
    ...storedAttemptSchema.parse(attempt),
  });
}

/**
 * listClaimVerificationAttempts: every attempt of one claim, oldest first (consistent Query of the claim's partition
 * by sort-key prefix). The office's claim detail and staff's claim screen read this.
 */
export async function listClaimVerificationAttempts(
  table: TableRef,
  claimId: string,
): Promise<StoredVerificationAttempt[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': claimPartition(claimId), ':prefix': claimVerificationSortPrefix },
    ConsistentRead: true,
  });
  return items.map(toAttempt);
}

function toAttempt(item: Record<string, NativeAttributeValue>): StoredVerificationAttempt {
  return readStored('claim verification attempt', storedAttemptSchema, item);
}
