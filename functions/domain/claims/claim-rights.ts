// Who may see and change an office's claims (SPEC §6). A claim belongs to one office and is decided from
// that office's member list: someone outside the office gets a 404 (the claim's existence is not revealed), SPEC §6's
// "admin of the selected office" creates and deletes claims, and a member without that role gets a 403. Admins and
// accountants see every claim of the office; a `member` sees the claims of the artists assigned to them.
import { AppError } from '../errors';
import type { OfficeMember } from '../offices/rights';
import { findMember, hasOfficeRight, isOfficeAdmin, officeMessages } from '../offices/rights';

export const claimMessages = {
  notFound: 'We could not find this claim.',
  adminOnly: 'Only an admin of this office can claim artists or delete claims.',
  officeRequired: 'Choose an office you are an admin of',
} as const;

/** Whether the caller sees a claim of this office on `artistId`. */
export function canSeeClaim(
  members: readonly OfficeMember[],
  userId: string,
  artistId: string,
  assignedArtistIds: ReadonlySet<string>,
): boolean {
  if (hasOfficeRight(members, userId, 'see-every-artist')) return true;
  return hasOfficeRight(members, userId, 'view-office') && assignedArtistIds.has(artistId);
}

/** Reading a claim: a 404 unless the caller sees it, so a claim of another office looks like none at all. */
export function requireClaimVisible(
  members: readonly OfficeMember[],
  userId: string,
  artistId: string,
  assignedArtistIds: ReadonlySet<string>,
): void {
  if (!canSeeClaim(members, userId, artistId, assignedArtistIds)) {
    throw new AppError('not_found', claimMessages.notFound);
  }
}

/**
 * Creating or deleting a claim (SPEC §6: an admin of the selected office). A stranger to the office gets a 404 for
 * the claim or the office (`missing`), as if neither existed.
 */
export function requireClaimAdmin(
  members: readonly OfficeMember[],
  userId: string,
  missing: 'claim' | 'office',
): void {
  if (!findMember(members, userId)) {
    throw new AppError('not_found', missing === 'claim' ? claimMessages.notFound : officeMessages.notFound);
  }
  if (!isOfficeAdmin(members, userId)) throw new AppError('forbidden', claimMessages.adminOnly);
}
