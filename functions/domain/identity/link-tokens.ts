// The single-use tokens that e-mail links carry: verify an address (48 h) or reset a password (1 h).
// The secret travels only in the link; the table keeps its SHA-256, so a leaked table cannot be replayed.

export type LinkTokenPurpose = 'verify-email' | 'reset-password';

/** 32 random bytes: 256 bits, beyond guessing. */
export const linkTokenBytes = 32;

export const linkTokenLifetimeSeconds: Record<LinkTokenPurpose, number> = {
  'verify-email': 48 * 60 * 60,
  'reset-password': 60 * 60,
};

export function linkTokenExpiry(purpose: LinkTokenPurpose, now: Date): Date {
  return new Date(now.getTime() + linkTokenLifetimeSeconds[purpose] * 1000);
}

export function isLinkTokenExpired(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/** Why a link did not work. */
export type LinkTokenProblem = 'invalid' | 'used' | 'expired';

const verifyTexts: Record<LinkTokenProblem, string> = {
  invalid:
    'This verification link is not valid. Please check that you opened the whole link from the e-mail.',
  used: 'This verification link has already been used. Your e-mail address is verified: please log in.',
  expired: 'This verification link has expired. We have sent you a new one: please check your e-mail.',
};

const resetTexts: Record<LinkTokenProblem, string> = {
  invalid: 'This password reset link is not valid. Please request a new one.',
  used: 'This password reset link has already been used. Please request a new one.',
  expired: 'This password reset link has expired. Please request a new one.',
};

/** The sentence a person sees for a link that did not work. */
export function describeLinkTokenProblem(purpose: LinkTokenPurpose, problem: LinkTokenProblem): string {
  return (purpose === 'verify-email' ? verifyTexts : resetTexts)[problem];
}

/** The SPA routes the links open (SPEC §2). */
export function buildLinkPath(area: 'fan' | 'artist', purpose: LinkTokenPurpose, token: string): string {
  const areaPath = area === 'fan' ? 'fans' : 'for-artists';
  return `/auth/${areaPath}/${purpose}/${encodeURIComponent(token)}`;
}
