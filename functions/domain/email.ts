// The e-mail port: what the product sends, independent of how (SES in AWS, the local outbox otherwise).

export type EmailKind = 'verify-email' | 'reset-password' | 'password-changed' | 'account-deleted';

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
