// The audit trail and staff's actions (decision 043): what staff read of the trail (each entry with who, what, when,
// on what, the state before and after, and the reason), and the actions that write it: removing an office's Stripe
// connection, handing an office with no admin to a new admin, refunding a fan's payment. Every action takes a reason.
import * as z from 'zod/mini';
import { idField, requiredTextField } from './api/fields';
import { emailField } from './auth';

/** What a staff action touched. */
export const auditTargetTypes = [
  'office',
  'fan',
  'payment',
  'claim',
  'artist',
  'name-only-artist',
  'escrow',
  'payout',
] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** The longest reason staff may give. */
export const maxStaffReasonLength = 1000;

const reasonField = requiredTextField(maxStaffReasonLength, 'Say why you are doing this');

/** One entry of the trail. `before` and `after` are JSON of any shape (null when there was nothing). */
export const staffAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), email: z.string() }),
  action: z.string(),
  target: z.object({ type: z.enum(auditTargetTypes), id: z.string() }),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;

/** `DELETE /api/admin/offices/{id}/stripe-connection`: the office's name typed as it is, and why. */
export const removeStripeConnectionSchema = z.object({
  reason: reasonField,
  confirmation: z
    .string({ error: "Type the office's name" })
    .check(z.maxLength(200, 'Use at most 200 characters')),
});
export type RemoveStripeConnectionBody = z.infer<typeof removeStripeConnectionSchema>;

export const removeStripeConnectionReplySchema = z.object({
  /** The account the office no longer holds. */
  removedAccountId: z.string(),
  entry: staffAuditEntrySchema,
});
export type RemoveStripeConnectionReply = z.infer<typeof removeStripeConnectionReplySchema>;

/** `POST /api/admin/offices/{id}/admin-invitation`: who becomes the office's admin on accepting, and why. */
export const staffAdminInvitationSchema = z.object({
  email: emailField({ required: 'Email is required', invalid: 'Invalid email' }),
  reason: reasonField,
});
export type StaffAdminInvitationBody = z.infer<typeof staffAdminInvitationSchema>;

export const staffAdminInvitationReplySchema = z.object({
  email: z.string(),
  expiresAt: z.string(),
  entry: staffAuditEntrySchema,
});
export type StaffAdminInvitationReply = z.infer<typeof staffAdminInvitationReplySchema>;

/**
 * `POST /api/admin/fans/{id}/payments/{paymentId}/refund`: how much (all that is left when absent) and why;
 * `requestId` (one per form) makes a repeated request the same refund.
 */
export const staffRefundSchema = z.object({
  amountCents: z.optional(
    z
      .number({ error: 'Use a whole number of cents' })
      .check(z.int('Use a whole number of cents'), z.positive('Refund at least 1 cent')),
  ),
  reason: reasonField,
  requestId: z.optional(idField('a request id')),
});
export type StaffRefundBody = z.infer<typeof staffRefundSchema>;

export const staffRefundReplySchema = z.object({
  refundId: z.string(),
  chargeId: z.string(),
  amountCents: z.number(),
  /** Stripe's status of the refund; the ledger books it when Stripe's `charge.refunded` webhook arrives. */
  status: z.string(),
  entry: staffAuditEntrySchema,
});
export type StaffRefundReply = z.infer<typeof staffRefundReplySchema>;
