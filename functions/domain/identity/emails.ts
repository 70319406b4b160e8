// The identity mails: verify an address, reset a password, password changed, account deleted. Each has a text and
// a small branded HTML part, and lists its links so the local mailbox and the tests can follow them.
import type { EmailMessage } from '../email';
import { escapeHtml } from '../email';
import { buildLinkPath, linkTokenLifetimeSeconds } from './link-tokens';

export type MailArea = 'fan' | 'artist' | 'admin';

interface MailBase {
  to: string;
  firstName: string | null;
  siteOrigin: string;
}

export interface LinkMailInput extends MailBase {
  area: 'fan' | 'artist';
  /** The link token's secret (base64url), as it goes into the link. */
  token: string;
}

export interface NoticeMailInput extends MailBase {
  area: MailArea;
}

const brandColour = '#7c3aed';

function greet(firstName: string | null): string {
  return firstName ? `Hello ${firstName},` : 'Hello,';
}

function loginPath(area: MailArea): string {
  if (area === 'artist') return '/for-artists/login';
  if (area === 'admin') return '/admin';
  return '/login';
}

function joinUrl(siteOrigin: string, path: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}${path}`;
}

interface Layout {
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footnote?: string;
}

/** Plain HTML with inline styles: mail clients ignore style sheets, and nothing here needs more. */
function renderHtml(greeting: string, layout: Layout): string {
  const paragraphs = [greeting, ...layout.paragraphs]
    .map((text) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`)
    .join('');
  const button = layout.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.button.url)}" style="background:${brandColour};color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(layout.button.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555;word-break:break-all">${escapeHtml(layout.button.url)}</p>`
    : '';
  const footnote = layout.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#555555">${escapeHtml(layout.footnote)}</p>`
    : '';
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>' +
    escapeHtml(layout.heading) +
    '</title></head><body style="margin:0;padding:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">' +
    '<div style="max-width:560px;margin:0 auto;padding:32px 24px">' +
    `<div style="font-size:24px;font-weight:bold;color:${brandColour};margin-bottom:24px">OpenPie</div>` +
    '<div style="background:#ffffff;border-radius:8px;padding:24px">' +
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(layout.heading)}</h1>` +
    paragraphs +
    button +
    footnote +
    '</div></div></body></html>'
  );
}

function renderText(greeting: string, layout: Layout): string {
  const lines = [greeting, '', ...layout.paragraphs.flatMap((text) => [text, ''])];
  if (layout.button) lines.push(`${layout.button.label}: ${layout.button.url}`, '');
  if (layout.footnote) lines.push(layout.footnote, '');
  lines.push('OpenPie');
  return lines.join('\n');
}

function compose(kind: EmailMessage['kind'], input: MailBase, subject: string, layout: Layout): EmailMessage {
  const greeting = greet(input.firstName);
  return {
    kind,
    to: input.to,
    subject,
    text: renderText(greeting, layout),
    html: renderHtml(greeting, layout),
    links: layout.button ? [layout.button.url] : [],
  };
}

interface LinkMailCopy {
  subject: string;
  heading: string;
  why: string;
  /** How long the link works, in words ("24 hours"). */
  validFor: string;
  buttonLabel: string;
  footnote: string;
}

type LinkMailPurpose = 'verify-email' | 'reset-password';

/** The words of each mail whose button is a single-use link, by the link's purpose. */
const linkMailCopy: Record<LinkMailPurpose, LinkMailCopy> = {
  'verify-email': {
    subject: 'Verify your e-mail address for OpenPie',
    heading: 'Verify your e-mail address',
    why: 'Welcome to OpenPie! Please confirm that this is your e-mail address.',
    validFor: `${linkTokenLifetimeSeconds['verify-email'] / 3600} hours`,
    buttonLabel: 'Verify my e-mail',
    footnote: 'If you did not create an OpenPie account, you can ignore this e-mail.',
  },
  'reset-password': {
    subject: 'Reset your OpenPie password',
    heading: 'Reset your password',
    why: 'Someone (hopefully you) asked to reset the password of your OpenPie account.',
    validFor: `${linkTokenLifetimeSeconds['reset-password'] / 60} minutes`,
    buttonLabel: 'Choose a new password',
    footnote: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
  },
};

/** A mail whose button is a single-use link of `purpose` (its token in `input`). */
function composeLinkMail(purpose: LinkMailPurpose, input: LinkMailInput): EmailMessage {
  const copy = linkMailCopy[purpose];
  const url = joinUrl(input.siteOrigin, buildLinkPath(input.area, purpose, input.token));
  return compose(purpose, input, copy.subject, {
    heading: copy.heading,
    paragraphs: [copy.why, `The link works once and for ${copy.validFor}.`],
    button: { label: copy.buttonLabel, url },
    footnote: copy.footnote,
  });
}

export function buildVerifyEmailMail(input: LinkMailInput): EmailMessage {
  return composeLinkMail('verify-email', input);
}

export function buildResetPasswordMail(input: LinkMailInput): EmailMessage {
  return composeLinkMail('reset-password', input);
}

export function buildPasswordChangedMail(input: NoticeMailInput): EmailMessage {
  const url = joinUrl(input.siteOrigin, loginPath(input.area));
  return compose('password-changed', input, 'Your OpenPie password was changed', {
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your OpenPie account was just changed, and every device that was signed in has been signed out.',
    ],
    button: { label: 'Log in', url },
    footnote:
      'If you did not change it, reset your password from the login page right away and contact our support.',
  });
}

export function buildAccountDeletedMail(input: NoticeMailInput): EmailMessage {
  return compose('account-deleted', input, 'Your OpenPie account was deleted', {
    heading: 'Your account was deleted',
    paragraphs: [
      'Your OpenPie account has been deleted, as you asked. We erased your name, e-mail address, sign-in connections and sessions.',
      'Records of payments stay, without anything that names you, because the law and our accounts require them.',
    ],
    footnote: 'If you did not ask for this, please contact our support.',
  });
}
