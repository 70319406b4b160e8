// The artists assigned to an office's members (decision 026). A `member` sees only the artists assigned
// to them; admins and accountants see every artist of the office (`see-every-artist`). Every read of an artist's
// claim, money or statistics by an office asks `canSeeOfficeArtist` (or `listAssignedArtistIds` for lists), so the
// rule has one answer whichever route asks.
import type { MemberArtistsReply } from '../../contracts/offices';
import type { StoredClaim } from '../../data/claims';
import { listOfficeClaims } from '../../data/claims';
import type { OfficeWithMembers } from '../../data/offices/office';
import {
  assignMemberArtists,
  getMemberArtistIds,
  unassignMemberArtist,
} from '../../data/offices/member-artists';
import { getOfficeWithMembers } from '../../data/offices/office';
import type { TableRef } from '../../data/table';
import { canSeeClaim } from '../../domain/claims/claim-rights';
import { isOpenClaimStatus } from '../../domain/claims/claim-status';
import { AppError } from '../../domain/errors';
import { checkAssignableArtists } from '../../domain/offices/invitations';
import { findMember, hasOfficeRight, officeMessages } from '../../domain/offices/rights';
import { requireFurtherRight, requireOffice } from './office-gate';

const noArtists: ReadonlySet<string> = new Set();

/**
 * The artists assigned to `userId` in this office (empty for someone outside it). Admins and accountants see every
 * artist whatever is assigned to them, so `canSeeClaim` answers for them without this set.
 */
export async function listAssignedArtistIds(
  deps: { table: TableRef },
  office: OfficeWithMembers,
  userId: string,
): Promise<ReadonlySet<string>> {
  if (!findMember(office.members, userId)) return noArtists;
  if (hasOfficeRight(office.members, userId, 'see-every-artist')) return noArtists;
  return new Set((await getMemberArtistIds(deps.table, office.office.id, userId)) ?? []);
}

/**
 * Whether `userId` sees `artistId` in the office: admins and accountants see every artist; a `member` only those
 * assigned to them; anyone else none. `office` is the office's id or the office already read with its members.
 */
export async function canSeeOfficeArtist(
  deps: { table: TableRef },
  office: string | OfficeWithMembers,
  userId: string,
  artistId: string,
): Promise<boolean> {
  const found = typeof office === 'string' ? await getOfficeWithMembers(deps.table, office) : office;
  if (!found) return false;
  return canSeeClaim(found.members, userId, artistId, await listAssignedArtistIds(deps, found, userId));
}

function requireMember(office: OfficeWithMembers, memberUserId: string): void {
  if (!findMember(office.members, memberUserId)) {
    throw new AppError('not_found', officeMessages.memberNotFound);
  }
}

/** The office's claims that still count, newest first, one per artist (an office has one open claim per artist). */
async function listOpenClaimsByArtist(
  deps: { table: TableRef },
  officeId: string,
): Promise<Map<string, StoredClaim>> {
  const open = new Map<string, StoredClaim>();
  for (const claim of await listOfficeClaims(deps.table, officeId)) {
    if (isOpenClaimStatus(claim.status) && !open.has(claim.artistId)) open.set(claim.artistId, claim);
  }
  return open;
}

/** The reply: the assigned artists whose claim still counts (an artist given up or rejected drops out of it). */
async function toMemberArtistsReply(
  deps: { table: TableRef },
  officeId: string,
  memberUserId: string,
  artistIds: readonly string[],
): Promise<MemberArtistsReply> {
  const open = await listOpenClaimsByArtist(deps, officeId);
  return {
    userId: memberUserId,
    artists: artistIds.flatMap((artistId) => {
      const claim = open.get(artistId);
      return claim
        ? [{ artistId, artistName: claim.artistName, claimId: claim.id, claimStatus: claim.status }]
        : [];
    }),
  };
}

/** `GET offices/{officeId}/members/{userId}/artists`: admins, or the member themself. */
export async function listMemberArtists(
  deps: { table: TableRef },
  callerId: string,
  officeId: string,
  memberUserId: string,
): Promise<MemberArtistsReply> {
  const office = await requireOffice(deps, callerId, officeId, 'view-office');
  if (callerId !== memberUserId) requireFurtherRight(office, 'manage-members');
  requireMember(office, memberUserId);
  const artistIds = (await getMemberArtistIds(deps.table, officeId, memberUserId)) ?? [];
  return toMemberArtistsReply(deps, officeId, memberUserId, artistIds);
}

/**
 * `POST offices/{officeId}/members/{userId}/artists` {artistIds}: admins only. Each artist must be one of the
 * office's claims that still count (pending, verified or successful; 422 otherwise); assigning one twice is harmless.
 */
export async function assignArtistsToMember(
  deps: { table: TableRef },
  callerId: string,
  officeId: string,
  memberUserId: string,
  artistIds: readonly string[],
): Promise<MemberArtistsReply> {
  const office = await requireOffice(deps, callerId, officeId, 'manage-members');
  requireMember(office, memberUserId);
  const open = await listOpenClaimsByArtist(deps, officeId);
  const chosen = checkAssignableArtists(artistIds, new Set(open.keys()));
  const assigned = await assignMemberArtists(deps.table, officeId, memberUserId, chosen);
  if (assigned === 'missing') throw new AppError('not_found', officeMessages.memberNotFound);
  return toMemberArtistsReply(deps, officeId, memberUserId, assigned);
}

/** `DELETE offices/{officeId}/members/{userId}/artists/{artistId}`: admins only; 404 when it was not assigned. */
export async function unassignArtistFromMember(
  deps: { table: TableRef },
  callerId: string,
  officeId: string,
  memberUserId: string,
  artistId: string,
): Promise<MemberArtistsReply> {
  const office = await requireOffice(deps, callerId, officeId, 'manage-members');
  requireMember(office, memberUserId);
  const left = await unassignMemberArtist(deps.table, officeId, memberUserId, artistId);
  if (left === 'not-assigned') {
    throw new AppError('not_found', 'This artist is not assigned to this member.');
  }
  return toMemberArtistsReply(deps, officeId, memberUserId, left);
}
