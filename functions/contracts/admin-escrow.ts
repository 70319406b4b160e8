// What staff read and do on the escrow screen (SPEC §2: /admin/escrow and /admin/wallet-transactions are one screen;
// §7 "Admin API"; docs/decisions/041-staff-escrow-and-wallet-transactions.md): the money held per artist with its age
// and the day it returns to fans, the names heard alone that wait for their catalogue artist, escrow aging run now
// after a preview, a name resolved to an artist, and every fan's wallet lines with their totals. Queries are in
// contracts/api/admin-finances.ts.
import * as z from 'zod/mini';
import { walletTransactionKinds } from './payments';
import { requiredTextField } from './api/fields';

/** How the held list sorts: by cents held (default, highest first), by the oldest lot's age, by return day, by name. */
export const staffEscrowSorts = ['held', 'age', 'returns', 'name'] as const;
/** The held list's filter: catalogue artists, or names heard alone (an import's artist the catalogue did not know). */
export const staffEscrowKinds = ['catalogue', 'name-only'] as const;
/**
 * Where a name heard alone stands (decision 036): waiting for a catalogue artist, ambiguous (several share it: staff
 * choose), resolved (its lots follow the artist on the job's next run: their pie's split is not finished), or
 * unregistered (money is held for it though no import listed it).
 */
export const nameOnlyStates = ['waiting', 'ambiguous', 'resolved', 'unregistered'] as const;

export const nameOnlyCandidateSchema = z.object({ artistId: z.string(), name: z.string() });

/** One artist (or name) money is held for, with what and since when. */
export const staffEscrowArtistSchema = z.object({
  /** The split key: `id:<catalogue id>` or `name:<normalised name>` (decision 021). */
  artistKey: z.string(),
  kind: z.enum(staffEscrowKinds),
  artistId: z.nullable(z.string()),
  artistName: z.string(),
  heldCents: z.number(),
  lots: z.number(),
  /** Fans whose pies the lots came from. */
  fans: z.number(),
  /** When the oldest lot's holding began (its pie's end) and its age in whole days. */
  oldestHeldFrom: z.string(),
  oldestAgeDays: z.number(),
  /** When the first lot goes back to its fan under the escrow rules (its pie's end + the holding period). */
  returnsAt: z.string(),
  /** Held lots whose holding already ended: escrow aging returns them on its next run. */
  dueLots: z.number(),
  dueCents: z.number(),
  /** For a name heard alone: the normalised name, whether it waits or several artists share it, and those artists. */
  nameOnly: z.nullable(
    z.object({
      normalisedName: z.string(),
      status: z.enum(nameOnlyStates),
      candidates: z.array(nameOnlyCandidateSchema),
      /** The artist it was resolved to, when it was. */
      artistId: z.nullable(z.string()),
      checkedAt: z.nullable(z.string()),
    }),
  ),
});
export type StaffEscrowArtist = z.infer<typeof staffEscrowArtistSchema>;

/** What escrow aging would touch now: the lots whose holding ended, their money, fans and artists. */
export const escrowDueSchema = z.object({
  asOf: z.string(),
  lots: z.number(),
  cents: z.number(),
  fans: z.number(),
  artists: z.array(
    z.object({ artistKey: z.string(), artistName: z.string(), lots: z.number(), cents: z.number() }),
  ),
  /** Everything still held, for scale. */
  heldLots: z.number(),
  heldCents: z.number(),
});
export type EscrowDue = z.infer<typeof escrowDueSchema>;

export const processPayoutsBodySchema = z.object({
  reason: requiredTextField(1000, 'Say why you run escrow aging now'),
});

/** What a run of escrow aging did: claimed artists' lots released, aged lots returned, fans mailed. */
export const processPayoutsResultSchema = z.object({
  ranAt: z.string(),
  due: z.number(),
  returnedLots: z.number(),
  returnedCents: z.number(),
  releasedLots: z.number(),
  releasedCents: z.number(),
  fansMailed: z.number(),
  /** False when the run stopped at its time budget: run it again (or the daily job does) for the rest. */
  complete: z.boolean(),
  auditEntryId: z.nullable(z.string()),
});
export type ProcessPayoutsResult = z.infer<typeof processPayoutsResultSchema>;

export const resolveNameBodySchema = z.object({
  artistId: requiredTextField(100, 'Choose the catalogue artist'),
  reason: requiredTextField(1000, 'Say why this name is this artist'),
});

export const resolveNameResultSchema = z.object({
  normalisedName: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  movedLots: z.number(),
  movedCents: z.number(),
  releasedLots: z.number(),
  /** Lots that could not move yet (their pie's split is not finished, or the artist's lot left held). */
  waitingLots: z.number(),
  auditEntryId: z.nullable(z.string()),
});
export type ResolveNameResult = z.infer<typeof resolveNameResultSchema>;

// ── wallet transactions ─────────────────────────────────────────────────────────────────────────────────────────

export const staffWalletSorts = ['date', 'amount'] as const;
export const staffWalletTypes = ['credit', 'debit'] as const;
export const staffWalletPeriods = ['day', 'month', 'year', 'all'] as const;

/** One line of one fan's wallet, as the fan sees it, with whose it is. */
export const staffWalletTransactionSchema = z.object({
  id: z.string(),
  fanId: z.string(),
  /** Null once the fan deleted their account. */
  fanName: z.nullable(z.string()),
  fanEmail: z.nullable(z.string()),
  kind: z.enum(walletTransactionKinds),
  type: z.enum(staffWalletTypes),
  amountCents: z.number(),
  description: z.string(),
  createdAt: z.string(),
  pieId: z.nullable(z.string()),
});
export type StaffWalletTransaction = z.infer<typeof staffWalletTransactionSchema>;

export const staffWalletStatsSchema = z.object({
  period: z.enum(staffWalletPeriods),
  /** The period's first instant; null for all time. */
  from: z.nullable(z.string()),
  to: z.string(),
  lines: z.number(),
  fans: z.number(),
  creditCents: z.number(),
  debitCents: z.number(),
  byKind: z.array(
    z.object({
      kind: z.enum(walletTransactionKinds),
      lines: z.number(),
      creditCents: z.number(),
      debitCents: z.number(),
    }),
  ),
});
export type StaffWalletStats = z.infer<typeof staffWalletStatsSchema>;
