// What staff read of the people and teams of OpenPie (SPEC §2 admin area, §7 "Admin API", decision 037): fans with
// what their cards paid, artist-side users, offices with their money and Connect state, and the artist catalogue
// with what each artist's claim and escrow stand at. Lists are paged (SPEC §9: 10 a page); their queries are in
// contracts/api/admin-*.ts.
import * as z from 'zod/mini';
import { claimStatuses } from './claims';
import { officeWalletBalanceReplySchema, payoutAccountStatuses, payoutReplySchema } from './artist-payments';

const accountStatuses = ['active', 'deleted'] as const;

/** How the fans list sorts: by what their cards paid (default, highest first), by sign-up, by name. */
export const staffFanSorts = ['spent', 'created', 'name'] as const;
/** How the offices list sorts: by creation (default, newest first), by name, by members. */
export const staffOfficeSorts = ['created', 'name', 'members'] as const;
/** The artists list's status filter: claimed by an office (a successful claim) or not. */
export const staffArtistStatuses = ['claimed', 'unclaimed'] as const;

// ── fans ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** A fan in staff's list. A deleted fan stays, anonymised: no name, no e-mail. */
export const staffFanSummarySchema = z.object({
  _id: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  status: z.enum(accountStatuses),
  createdAt: z.string(),
  deletedAt: z.nullable(z.string()),
  /** What the fan's cards paid: the gross of their `fan-payment` transactions, before fees and refunds. */
  spentCents: z.number(),
  payments: z.number(),
  /** Whether a pie of theirs is running now (a pie stopped by a refund or dispute counts until its end, decision 037). */
  activePie: z.boolean(),
});
export type StaffFanSummary = z.infer<typeof staffFanSummarySchema>;

export const staffFanPieSchema = z.object({
  _id: z.string(),
  promo: z.boolean(),
  status: z.enum(['open', 'inactive', 'split']),
  inactiveReason: z.nullable(z.string()),
  periodStart: z.string(),
  periodEnd: z.string(),
  amountCents: z.number(),
  processingFeeCents: z.nullable(z.number()),
  platformFeeCents: z.number(),
});

/** One card payment: its ledger transaction, the Stripe charge and invoice it came from, its pie. */
export const staffFanPaymentSchema = z.object({
  transactionId: z.string(),
  pieId: z.string(),
  invoiceId: z.nullable(z.string()),
  chargeId: z.nullable(z.string()),
  grossCents: z.number(),
  at: z.string(),
});

/** A refund of one of the fan's charges, as Stripe has it, and whether the ledger booked it. */
export const staffFanRefundSchema = z.object({
  refundId: z.string(),
  chargeId: z.string(),
  pieId: z.string(),
  amountCents: z.number(),
  status: z.string(),
  createdAt: z.string(),
  /** The ledger transaction that booked it (`refund:<refundId>`), null while not booked. */
  transactionId: z.nullable(z.string()),
});

/** A payment whose pie was stopped by a card dispute. */
export const staffFanDisputeSchema = z.object({
  pieId: z.string(),
  chargeId: z.nullable(z.string()),
  grossCents: z.number(),
});

export const staffFanListeningSchema = z.object({
  /** The days counted back from today, today included. */
  days: z.number(),
  msPlayed: z.number(),
  plays: z.number(),
  daysListened: z.number(),
  topArtists: z.array(
    z.object({
      artistId: z.optional(z.string()),
      artistName: z.string(),
      msPlayed: z.number(),
      plays: z.number(),
    }),
  ),
});

/** GET /api/admin/fans/{id}. */
export const staffFanDetailSchema = z.extend(staffFanSummarySchema, {
  usedPromotion: z.boolean(),
  walletBalanceCents: z.number(),
  pies: z.array(staffFanPieSchema),
  paymentList: z.array(staffFanPaymentSchema),
  /** Null when Stripe did not answer: the rest of the page does not wait for it. */
  refunds: z.nullable(z.array(staffFanRefundSchema)),
  disputes: z.array(staffFanDisputeSchema),
  listening: staffFanListeningSchema,
});
export type StaffFanDetail = z.infer<typeof staffFanDetailSchema>;

// ── artist-side users ─────────────────────────────────────────────────────────────────────────────────────────

export const staffUserArtistSummarySchema = z.object({
  _id: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  status: z.enum(accountStatuses),
  createdAt: z.string(),
  deletedAt: z.nullable(z.string()),
});
export type StaffUserArtistSummary = z.infer<typeof staffUserArtistSummarySchema>;

/** GET /api/admin/user-artists/{id}: the person, the offices they belong to, and those offices' claims. */
export const staffUserArtistDetailSchema = z.extend(staffUserArtistSummarySchema, {
  phoneNumber: z.nullable(z.string()),
  country: z.nullable(z.string()),
  emailVerified: z.boolean(),
  connections: z.array(z.string()),
  offices: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      role: z.string(),
      joinedAt: z.string(),
    }),
  ),
  claims: z.array(
    z.object({
      _id: z.string(),
      officeId: z.string(),
      artistId: z.string(),
      artistName: z.string(),
      status: z.enum(claimStatuses),
      createdAt: z.string(),
    }),
  ),
});
export type StaffUserArtistDetail = z.infer<typeof staffUserArtistDetailSchema>;

// ── offices ───────────────────────────────────────────────────────────────────────────────────────────────────

export const staffOfficeSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(['Artist', 'Label']),
  memberCount: z.number(),
  createdAt: z.string(),
  /** Where its Stripe Connect onboarding stands, as last read from Stripe. */
  connect: z.enum(payoutAccountStatuses),
});
export type StaffOfficeSummary = z.infer<typeof staffOfficeSummarySchema>;

/** GET /api/admin/offices/{id}. */
export const staffOfficeDetailSchema = z.extend(staffOfficeSummarySchema, {
  updatedAt: z.string(),
  members: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      role: z.string(),
      joinedAt: z.string(),
    }),
  ),
  claims: z.array(
    z.object({
      _id: z.string(),
      artistId: z.string(),
      artistName: z.string(),
      status: z.enum(claimStatuses),
      createdAt: z.string(),
    }),
  ),
  /** The same figures the office's own funds screen shows (`GET stripe/wallet-balance`). */
  funds: officeWalletBalanceReplySchema,
  payouts: z.array(payoutReplySchema),
  connectAccount: z.object({
    accountId: z.nullable(z.string()),
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    detailsSubmitted: z.boolean(),
    currentlyDue: z.array(z.string()),
    disabledReason: z.nullable(z.string()),
    checkedAt: z.nullable(z.string()),
  }),
});
export type StaffOfficeDetail = z.infer<typeof staffOfficeDetailSchema>;

// ── artists ───────────────────────────────────────────────────────────────────────────────────────────────────

/** A catalogue artist in staff's list: who claimed it, and what is held for it while nobody has. */
export const staffArtistSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  imageUrl: z.optional(z.string()),
  popularity: z.optional(z.number()),
  status: z.enum(staffArtistStatuses),
  /** The successful claim's office, when claimed. */
  claim: z.nullable(
    z.object({ claimId: z.string(), officeId: z.string(), officeName: z.nullable(z.string()) }),
  ),
  /** Claims of the artist not decided yet (Pending or Verified). */
  openClaims: z.number(),
  heldCents: z.number(),
  heldLots: z.number(),
});
export type StaffArtistSummary = z.infer<typeof staffArtistSummarySchema>;
