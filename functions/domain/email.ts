// The e-mail port: what the product sends, independent of how. Requests queue each mail in the table outbox; in AWS
// the mail-sender worker sends it through SES (docs/decisions/005-identity.md). Also the HTML escape every mail's
// HTML part uses, and the parts of the plainest mail (a few paragraphs and one link) that several use cases send.

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

/** A value as HTML text: the five characters HTML gives a meaning escaped. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A plain mail: a few paragraphs (the greeting first) and one link. */
export interface PlainMail {
  kind: EmailKind;
  to: string;
  subject: string;
  /** The HTML part's title. */
  title: string;
  paragraphs: string[];
  link: string;
  linkLabel: string;
  /** The HTML in a centred column of spaced paragraphs (`column`), or straight in the page's body (`body`). */
  layout: 'column' | 'body';
}

/** A plain mail's parts: the text says the paragraphs then the link; the HTML the same, the link under its label. */
export function composePlainMail(mail: PlainMail): EmailMessage {
  const [open, paragraphStyle, close] =
    mail.layout === 'column'
      ? [
          '<div style="max-width:560px;margin:0 auto;padding:32px 24px">',
          'margin:0 0 16px;line-height:1.5',
          '</div>',
        ]
      : ['', 'line-height:1.5', ''];
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(mail.title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">${open}` +
    mail.paragraphs.map((text) => `<p style="${paragraphStyle}">${escapeHtml(text)}</p>`).join('') +
    `<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.linkLabel)}</a></p>${close}</body></html>`;
  return {
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    text: `${mail.paragraphs.join('\n\n')}\n\n${mail.link}\n`,
    html,
    links: [mail.link],
  };
}
