// Invitations to join an office and the artists assigned to a `member` (decision 026). An invitation is
// made for one e-mail address and one role; its link carries a random secret whose SHA-256 alone is stored, lives 7
// days, and is consumed once. These are the rules; data/offices/invitations.ts keeps them true under concurrent
// requests.
import { neutraliseLinks } from '../../contracts/public-names';
import type { EmailMessage } from '../email';
import { escapeHtml } from '../email';
import { AppError } from '../errors';
import type { OfficeRole } from './rights';

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;
/** 32 random bytes: a secret nobody guesses, so the public validate call needs no rate limit of its own. */
export const invitationTokenBytes = 32;

export interface OfficeInvitation {
  officeId: string;
  email: string;
  role: OfficeRole;
  tokenHash: string;
  invitedBy: string;
  invitedAt: string;
  expiresAt: string;
  /** `accepted` once someone joined through it; an invitation waiting for an answer is `pending`. */
  status: 'pending' | 'accepted';
  acceptedAt?: string | undefined;
}

/** What an invitation is now: waiting, past its 7 days, or accepted. */
export type InvitationState = 'pending' | 'expired' | 'accepted';

export function invitationStateOf(invitation: OfficeInvitation, now: Date): InvitationState {
  if (invitation.status === 'accepted') return 'accepted';
  return Date.parse(invitation.expiresAt) <= now.getTime() ? 'expired' : 'pending';
}

export function invitationExpiry(now: Date): string {
  return new Date(now.getTime() + invitationLifetimeMs).toISOString();
}

export const invitationMessages = {
  notFound: 'This invitation link is not valid any more. Ask the office to send you a new one.',
  noInvitation: 'This address has no invitation to this office.',
} as const;

/**
 * Accepting: only the person the invitation was sent to (their signed-in artist-side account has its address), only
 * while it waits and has not expired.
 */
export function checkInvitationAcceptance(
  invitation: OfficeInvitation,
  accountEmail: string,
  now: Date,
): void {
  if (invitation.email !== accountEmail) {
    throw new AppError('forbidden', undefined, { code: 'invitation_email_mismatch' });
  }
  const state = invitationStateOf(invitation, now);
  if (state === 'accepted') throw new AppError('conflict', undefined, { code: 'invitation_used' });
  if (state === 'expired') throw new AppError('conflict', undefined, { code: 'invitation_expired' });
}

/** The screen the mail's link opens (frontend `/for-artists/office-invitation/:officeId?token=`). */
export function buildInvitationLink(siteOrigin: string, officeId: string, token: string): string {
  const origin = siteOrigin.replace(/\/+$/, '');
  return `${origin}/for-artists/office-invitation/${encodeURIComponent(officeId)}?token=${encodeURIComponent(token)}`;
}

const roleWords: Record<OfficeRole, string> = {
  admin: 'an admin',
  member: 'a member',
  accountant: 'an accountant',
};

/** The `office-invitation` mail: who invites, to which office, as what, and the link (valid 7 days). */
export function buildOfficeInvitationMail(input: {
  to: string;
  officeName: string;
  role: OfficeRole;
  link: string;
}): EmailMessage {
  // A name stored before links were refused in office names still reaches no one as a link.
  const officeName = neutraliseLinks(input.officeName);
  const paragraphs = [
    'Hello,',
    `You are invited to join ${officeName} on OpenPie for Artists as ${roleWords[input.role]}.`,
    'Open the link below to accept. If you have no artist account yet, you can create one on the way, with this e-mail address.',
    'The link works once and for 7 days.',
  ];
  const text = `${paragraphs.join('\n\n')}\n\n${input.link}\n`;
  const html =
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">' +
    paragraphs.map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(input.link)}" style="background:#7c3aed;color:#fff;padding:10px 18px;` +
    'border-radius:6px;text-decoration:none">Accept the invitation</a></p></body></html>';
  return {
    kind: 'office-invitation',
    to: input.to,
    subject: `Join ${officeName} on OpenPie`,
    text,
    html,
    links: [input.link],
  };
}

/**
 * The artists a `member` may be given: those of the office's claims that still count (pending, verified or
 * successful). Anything else in the request is a 422 on `artistIds`.
 */
export function checkAssignableArtists(
  requested: readonly string[],
  assignable: ReadonlySet<string>,
): string[] {
  const unique = [...new Set(requested)];
  if (unique.some((artistId) => !assignable.has(artistId))) {
    throw new AppError('validation_failed', undefined, {
      fields: { artistIds: 'Choose artists your office has claimed' },
    });
  }
  return unique;
}
