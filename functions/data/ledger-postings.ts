// A ledger transaction item's postings as stored, read by name: the transaction's own reads (data/ledger.ts) and the
// ledger by date (data/ledger-index.ts) check them by one schema, each account id one the ledger knows.
import * as z from 'zod/mini';
import type { AccountId, Posting } from '../domain/money/ledger';
import { parseAccountId } from '../domain/money/ledger';

/** An account id as stored: one `parseAccountId` accepts. */
export const accountIdSchema = z.string().check(z.refine((id) => safeAccount(id)));
function safeAccount(id: string): boolean {
  try {
    parseAccountId(id);
    return true;
  } catch {
    return false;
  }
}
const postingSchema = z.object({ accountId: accountIdSchema, amountCents: z.number().check(z.int()) });
/** A transaction item's postings as stored: each account id checked to be one the ledger knows. */
export const storedPostingsSchema = z.array(postingSchema);

/** Stored postings, once read through storedPostingsSchema, as the ledger's own type. */
export function toPostings(postings: z.infer<typeof storedPostingsSchema>): Posting[] {
  return postings.map((posting) => ({
    accountId: posting.accountId as AccountId,
    amountCents: posting.amountCents,
  }));
}
