// The e-mail port: what the product sends, independent of how. Requests queue each mail in the table outbox; in AWS
// the mail-sender worker sends it through SES (docs/decisions/005-identity.md).

export const emailKinds = [
  'verify-email',
  'reset-password',
  'password-changed',
  'account-deleted',
  /** A pie's renewal payment failed (services/payments). */
  'renewal-failed',
  /** Where a pie's money went, when its period ended and it was split (services/pie). */
  'pie-receipt',
  /** A pie whose period held no listening to split: the money stays, the subscription stops renewing. */
  'pie-nothing-to-split',
  /** Money held for artists who never joined went back to the fan's wallet (escrow-aging). */
  'escrow-returned',
  /** An office invites someone to join it (services/offices/invitations.ts, decision 026). */
  'office-invitation',
  /** The artist a fan funded joined OpenPie; the money held for it went to its office (decision 028). */
  'artist-joined',
  /** An office gave part of an artist's money back to the fans who funded it (decision 030). */
  'give-back',
  /** Decision 035: a second subscription paid while the fan had one was cancelled and refunded in full. */
  'second-subscription-refunded',
  /** A payout of an office failed after its money had left (the bank returned it): it is back on the balance. */
  'payout-failed',
  /** To staff: a daily reconciliation run found money that does not add up (decision 038). */
  'reconciliation-failed',
  /** To staff: a scheduled job's run failed, the first of a series (events/lib/define-job.ts). */
  'job-failed',
] as const;
export type EmailKind = (typeof emailKinds)[number];

export interface EmailMessage {
  kind: EmailKind;
  to: string;
  subject: string;
  /** Plain-text part. */
  text: string;
  /** HTML part. */
  html: string;
  /** The links the mail carries (verification, reset …), so the local mailbox and tests can follow them. */
  links: string[];
}

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}
