// "Why is this balance X" (decision 039): what staff read of the ledger. An account with its balance as the ledger
// keeps it and its entries newest first; one whole balanced transaction with every line, what it belongs to (a pie,
// a claim, an office, a payout, a fan) and the Stripe object it came from, read live; the platform's own accounts;
// a pie's receipt as its fan sees it. Their queries are in contracts/api/admin-ledger.ts.
import * as z from 'zod/mini';
import { pieDetailSchema } from './pie';

/** A ledger account as staff see it: its id (`<type>:<owner>`), type and owner, and what the owner is. */
export const staffLedgerAccountSchema = z.object({
  accountId: z.string(),
  type: z.string(),
  owner: z.string(),
  /** The account's owner in words: `fan`, `pie`, `artist`, `artist name`, `office`, `platform`, `transaction`. */
  ownerKind: z.enum(['fan', 'pie', 'artist', 'artist-name', 'office', 'platform', 'transaction']),
  /** Who a `pie-funds` account's pie belongs to; the fan of a `fan-wallet`. */
  fanId: z.nullable(z.string()),
  officeId: z.nullable(z.string()),
  pieId: z.nullable(z.string()),
  artistId: z.nullable(z.string()),
});
export type StaffLedgerAccount = z.infer<typeof staffLedgerAccountSchema>;

export const staffLedgerEntrySchema = z.object({
  transactionId: z.string(),
  kind: z.string(),
  amountCents: z.number(),
  at: z.string(),
});

/** GET /api/admin/ledger/accounts/{accountId}: the balance is the sum of the account's balance items (its shards). */
export const staffLedgerAccountPageSchema = z.object({
  account: staffLedgerAccountSchema,
  balanceCents: z.number(),
  /** Newest first, `limit` of them. */
  entries: z.array(staffLedgerEntrySchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.nullable(z.string()),
});
export type StaffLedgerAccountPage = z.infer<typeof staffLedgerAccountPageSchema>;

export const staffStripeObjectSchema = z.object({
  type: z.enum(['charge', 'refund', 'dispute', 'transfer', 'payout']),
  id: z.string(),
  amountCents: z.number(),
  currency: z.string(),
  status: z.string(),
  /** The fee of its balance transaction(s); null while Stripe has made none. */
  feeCents: z.nullable(z.number()),
  createdAt: z.string(),
  /** Its page on Stripe's dashboard in AWS; null on the local sandbox. */
  dashboardUrl: z.nullable(z.string()),
});
export type StaffStripeObject = z.infer<typeof staffStripeObjectSchema>;

/** What the transaction belongs to, by id; null where it names none. */
export const staffLedgerBelongsToSchema = z.object({
  pieId: z.nullable(z.string()),
  fanId: z.nullable(z.string()),
  claimId: z.nullable(z.string()),
  officeId: z.nullable(z.string()),
  payoutId: z.nullable(z.string()),
  artistId: z.nullable(z.string()),
});

/** GET /api/admin/ledger/transactions/{transactionId}. */
export const staffLedgerTransactionSchema = z.object({
  transactionId: z.string(),
  kind: z.string(),
  at: z.string(),
  idempotencyKey: z.string(),
  status: z.enum(['pending', 'complete']),
  /** Its lines in account order; they sum to zero. */
  lines: z.array(z.object({ account: staffLedgerAccountSchema, amountCents: z.number() })),
  /** Stripe ids, the pie, the payout…: every reference it was written with. */
  references: z.record(z.string(), z.string()),
  belongsTo: staffLedgerBelongsToSchema,
  reverses: z.nullable(z.string()),
  reversedBy: z.nullable(z.string()),
  /**
   * Where the money came from at Stripe: `none` for a movement inside OpenPie, `found` with the object read now,
   * `missing` when Stripe does not know the id, `unavailable` when Stripe did not answer (the rest still shows).
   */
  stripe: z.object({
    state: z.enum(['none', 'found', 'missing', 'unavailable']),
    type: z.nullable(z.enum(['charge', 'refund', 'dispute', 'transfer', 'payout'])),
    id: z.nullable(z.string()),
    object: z.nullable(staffStripeObjectSchema),
    /** The sentence staff read about it. */
    message: z.string(),
  }),
});
export type StaffLedgerTransaction = z.infer<typeof staffLedgerTransactionSchema>;

/** GET /api/admin/ledger/platform-accounts: OpenPie's own accounts with their balances. */
export const staffPlatformAccountSchema = z.object({
  accountId: z.string(),
  type: z.string(),
  balanceCents: z.number(),
});

/** GET /api/admin/ledger/pies/{pieId}: the pie's receipt exactly as its fan reads it, and whose pie it is. */
export const staffPieReceiptSchema = z.object({
  pieId: z.string(),
  fanId: z.string(),
  detail: pieDetailSchema,
});
export type StaffPieReceipt = z.infer<typeof staffPieReceiptSchema>;
