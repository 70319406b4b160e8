// Give-back, statements and an artist's stats in the artist area (decision 030): the
// request schemas the routes check and the replies they answer.
import * as z from 'zod/mini';
import { claimStatuses } from './claims';
import { isRealUtcDateTime, utcDaysBetween } from './utc-dates';

function idText(label: string) {
  return z
    .string({ error: `Use ${label}` })
    .check(
      z.maxLength(64, { error: `Use ${label}`, abort: true }),
      z.regex(/^[A-Za-z0-9_-]{1,64}$/, `Use ${label}`),
    );
}

/** Cents as the query string carries them: a whole number of at most 10 digits. */
const centsText = z.pipe(
  z
    .string({ error: 'Give an amount in cents' })
    .check(
      z.maxLength(10, { error: 'Use a whole number of cents', abort: true }),
      z.regex(/^\d{1,10}$/, 'Use a whole number of cents'),
    ),
  z.transform((value) => Number(value)),
);

export const giveBackMessages = {
  amount: 'Give the amount as a number of cents',
  amountWholeCents: 'The amount must be whole cents, with no fraction of a cent',
  amountAtLeastOneCent: 'The amount must be at least 1 cent',
  amountAtMost: 'The amount must be at most $10,000,000,000.00',
  requestId: 'Send a request id (8 to 64 letters, digits, - or _)',
  nothingToGive: 'There is nothing to give back for this artist right now.',
  payableWentDown:
    "The office's balance went down while this give-back was being made (a payout, most likely), so nothing was given back. Look at what is available now and try again.",
  overAvailable: 'That is more than you can give back for this artist.',
  tooManyFans: 'More fans funded this artist than one give-back can reach. Please contact us.',
  changedMeanwhile:
    'Another give-back for this artist was made at the same time. Please look again and retry.',
  requestReused: 'This request id was already used for another give-back.',
} as const;

/** GET /api/for-artists/give-back/preview: without an amount it says what is available and who would receive it. */
export const giveBackPreviewQuerySchema = z.object({
  officeId: idText('an office id'),
  artistId: idText('an artist id'),
  amountCents: z.optional(centsText),
});

/** POST /api/for-artists/give-back. `requestId` is made by the screen once per confirmation: a retry repeats it. */
export const giveBackSchema = z.object({
  officeId: idText('an office id'),
  artistId: idText('an artist id'),
  amountCents: z
    .number({ error: giveBackMessages.amount })
    .check(
      z.int(giveBackMessages.amountWholeCents),
      z.minimum(1, giveBackMessages.amountAtLeastOneCent),
      z.maximum(1e12, giveBackMessages.amountAtMost),
    ),
  requestId: z
    .string({ error: giveBackMessages.requestId })
    .check(
      z.maxLength(64, { error: giveBackMessages.requestId, abort: true }),
      z.regex(/^[A-Za-z0-9_-]{8,64}$/, giveBackMessages.requestId),
    ),
});
export type GiveBackPayload = z.infer<typeof giveBackSchema>;

/** GET /api/for-artists/give-back?officeId: the artists the office may give back for, and what it gave back. */
export const giveBackOverviewQuerySchema = z.object({ officeId: idText('an office id') });

const fanShareSchema = z.object({
  /** The fan is never named to the office: a number in the list, "Fan 1", "Fan 2" … by share. */
  label: z.string(),
  gaveCents: z.number(),
  receivesCents: z.number(),
});

export const giveBackPreviewReplySchema = z.object({
  officeId: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  receivedCents: z.number(),
  givenBackCents: z.number(),
  payableCents: z.number(),
  /** What the fans of the last 12 months gave; nobody gets back more than they gave. */
  fundedCents: z.number(),
  availableCents: z.number(),
  /** From when a fan's funding counts (12 months back). */
  since: z.string(),
  fanCount: z.number(),
  /** The amount asked, or null when none was. */
  amountCents: z.nullable(z.number()),
  /** Each fan's part of the amount, largest first (empty without an amount). */
  shares: z.array(fanShareSchema),
});
export type GiveBackPreviewReply = z.infer<typeof giveBackPreviewReplySchema>;

export const giveBackReplySchema = z.object({
  requestId: z.string(),
  officeId: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  amountCents: z.number(),
  fanCount: z.number(),
  status: z.enum(['pending', 'done', 'refused']),
  transactionId: z.string(),
  createdAt: z.string(),
});
export type GiveBackReply = z.infer<typeof giveBackReplySchema>;

export const giveBackArtistSchema = z.object({
  artistId: z.string(),
  artistName: z.string(),
  claimId: z.string(),
  claimStatus: z.enum(claimStatuses),
});
export const giveBackOverviewReplySchema = z.object({
  artists: z.array(giveBackArtistSchema),
  history: z.array(giveBackReplySchema),
});
export type GiveBackOverviewReply = z.infer<typeof giveBackOverviewReplySchema>;

// ── statements ──────────────────────────────────────────────────────────────────────────────────────────────────

export const statementKinds = ['transactions', 'payouts'] as const;
export const maxStatementDays = 366;

const dateText = (label: string) =>
  z.string({ error: `Give the ${label} date` }).check(
    z.maxLength(10, { error: `Use a date like 2026-01-31`, abort: true }),
    z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31'),
    z.refine((value) => isRealUtcDateTime(value), 'Use a real date'),
  );

/** GET /api/for-artists/statements: a period of whole UTC days, `from` to `to` inclusive, at most a year. */
export const statementQuerySchema = z
  .object({
    officeId: idText('an office id'),
    from: dateText('first'),
    to: dateText('last'),
    kind: z.enum(statementKinds, 'Use transactions or payouts'),
  })
  .check(
    z.refine((query) => utcDaysBetween(query.from, query.to) >= 0, {
      error: 'The last date comes on or after the first',
      path: ['to'],
    }),
    z.refine((query) => utcDaysBetween(query.from, query.to) < maxStatementDays, {
      error: `A statement covers at most ${maxStatementDays} days`,
      path: ['to'],
    }),
  );
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** The statement as a CSV document the screen saves as a file (text/csv, UTF-8, comma separated, CRLF lines). */
export const statementReplySchema = z.object({
  fileName: z.string(),
  contentType: z.literal('text/csv'),
  rowCount: z.number(),
  csv: z.string(),
});
export type StatementReply = z.infer<typeof statementReplySchema>;

// ── an artist's stats ───────────────────────────────────────────────────────────────────────────────────────────

export const artistStatsReplySchema = z.object({
  claimId: z.string(),
  officeId: z.string(),
  artistId: z.string(),
  artistName: z.string(),
  claimStatus: z.enum(claimStatuses),
  /** The last 12 UTC calendar months, oldest first: what fans' pies gave the artist that month. */
  months: z.array(
    z.object({
      month: z.string(),
      /** Released to this office. */
      releasedCents: z.number(),
      /** Still held for the artist (waiting for a successful claim). */
      heldCents: z.number(),
    }),
  ),
  /** Distinct fans whose pie of this calendar month funded the artist (released to this office or held). */
  fansThisMonth: z.number(),
  totalReleasedCents: z.number(),
  totalHeldCents: z.number(),
  givenBackCents: z.number(),
});
export type ArtistStatsReply = z.infer<typeof artistStatsReplySchema>;
