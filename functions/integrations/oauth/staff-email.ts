// Staff may sign in with Google only as verified accounts of the configured staff domain (STAFF_EMAIL_DOMAIN).
import { StaffEmailRefused } from './errors';
import type { SocialIdentity } from './social-sign-in';

/** True when `email`'s domain is exactly `staffEmailDomain` (no subdomains, no look-alikes). */
export function isStaffEmail(
  email: string | null | undefined,
  staffEmailDomain: string | undefined,
): boolean {
  if (!email || !staffEmailDomain) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  return email.slice(at + 1).toLowerCase() === staffEmailDomain.toLowerCase();
}

/**
 * Refuses (StaffEmailRefused) anything but a Google identity whose e-mail Google has verified, at the staff domain,
 * belonging to that Google Workspace domain (the `hd` claim: a consumer Google account can carry any verified
 * address, but only the domain's own Workspace issues `hd`). Returns the staff e-mail.
 */
export function assertStaffIdentity(identity: SocialIdentity, staffEmailDomain: string | undefined): string {
  const domain = staffEmailDomain?.toLowerCase();
  if (
    identity.provider !== 'google' ||
    !identity.emailVerified ||
    !identity.email ||
    !isStaffEmail(identity.email, domain) ||
    identity.hostedDomain !== domain
  ) {
    throw new StaffEmailRefused();
  }
  return identity.email;
}
