// Staff decide claims (decision 028): the queue by status with search and pages, one claim with
// every verification attempt, the fans' reports about the artist, the audit log and the moves allowed now; the status
// change through the one state machine (`moveClaim`); and staff's manual verification of a bio. A claim that becomes
// successful releases the artist's held earnings to its office (release.ts) in the same call; asking for Successful
// again on a successful claim finishes a release a failure interrupted.
import { randomUUID } from 'node:crypto';
import type { StaffClaimDecision, StaffClaimDetail, StaffClaimSummary } from '../../contracts/admin-claims';
import { claimStatuses } from '../../contracts/claims';
import type { Pagination } from '../../contracts/envelope';
import { getCatalogueArtist } from '../../data/catalogue/artists';
import { listClaimReportsOfTarget } from '../../data/claim-reports';
import {
  listClaimVerificationAttempts,
  recordVerificationAttempt,
} from '../../data/claim-verification-attempts';
import type { StoredClaim } from '../../data/claims';
import { getClaim, getClaimWithHistory, listArtistClaims, listClaimsByStatus } from '../../data/claims';
import { findHeldLotsOfArtist } from '../../data/escrow-lots';
import { getOfficeWithMembers } from '../../data/offices/office';
import type { ClaimStatus } from '../../domain/claims/claim-status';
import { nextClaimStatuses } from '../../domain/claims/claim-status';
import { AppError, isAppError } from '../../domain/errors';
import type { ReleaseCounts, ReleaseDependencies } from './release';
import { catalogueArtistKeyOf, releaseDependencies, releaseHeldEarnings } from './release';
import { claimFieldsOf, moveClaim } from './claims';

export type StaffClaimDependencies = ReleaseDependencies;

/** The deployment's table, clock and site origin. */
export function staffClaimDependencies(): StaffClaimDependencies {
  return releaseDependencies();
}

export interface StaffClaimListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  status?: ClaimStatus | undefined;
}

const platformNames: Readonly<Record<StoredClaim['selectedPlatform'], string>> = {
  spotify: 'Spotify',
  twitter: 'X',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

const claimNotFound = () => new AppError('not_found', 'There is no claim with this id.');

async function officeNamesOf(
  deps: StaffClaimDependencies,
  officeIds: readonly string[],
): Promise<Map<string, string | null>> {
  const unique = [...new Set(officeIds)];
  const offices = await Promise.all(unique.map((id) => getOfficeWithMembers(deps.table, id)));
  return new Map(unique.map((id, index) => [id, offices[index]?.office.name ?? null]));
}

function toSummary(claim: StoredClaim, officeName: string | null): StaffClaimSummary {
  return {
    _id: claim.id,
    officeId: claim.officeId,
    officeName,
    ...claimFieldsOf(claim),
    createdAt: claim.createdAt,
    updatedAt: claim.updatedAt,
  };
}

/** Whether a claim matches staff's search: a part of the artist's name (any case), or the claim's or office's id. */
function matchesSearch(claim: StoredClaim, search: string | undefined): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return (
    claim.artistName.toLowerCase().includes(needle) ||
    claim.id === needle ||
    claim.officeId.toLowerCase() === needle
  );
}

/**
 * `GET /api/admin/claims/list`: the claims of one status (or all), newest first, filtered by the search, a page of
 * `limit` (20 by default, SPEC §9). A page past the last is empty.
 */
export async function listClaimsForStaff(
  deps: StaffClaimDependencies,
  query: StaffClaimListQuery,
): Promise<{ claims: StaffClaimSummary[]; pagination: Pagination }> {
  const statuses = query.status === undefined ? claimStatuses : [query.status];
  const lists = await Promise.all(statuses.map((status) => listClaimsByStatus(deps.table, status)));
  const matching = lists
    .flat()
    .filter((claim) => matchesSearch(claim, query.search))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
  const pageClaims = matching.slice((query.page - 1) * query.limit, query.page * query.limit);
  const names = await officeNamesOf(
    deps,
    pageClaims.map((claim) => claim.officeId),
  );
  return {
    claims: pageClaims.map((claim) => toSummary(claim, names.get(claim.officeId) ?? null)),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: matching.length,
      pages: Math.ceil(matching.length / query.limit),
    },
  };
}

/** `GET /api/admin/claims/{id}`: the claim with everything staff need to decide it. */
export async function readClaimForStaff(
  deps: StaffClaimDependencies,
  claimId: string,
): Promise<StaffClaimDetail> {
  const found = await getClaimWithHistory(deps.table, claimId);
  if (!found) throw claimNotFound();
  const { claim, history } = found;
  const [office, artist, attempts, reports, artistClaims, heldLots] = await Promise.all([
    getOfficeWithMembers(deps.table, claim.officeId),
    getCatalogueArtist(deps.table, claim.artistId),
    listClaimVerificationAttempts(deps.table, claim.id),
    listClaimReportsOfTarget(deps.table, 'artist', claim.artistId),
    listArtistClaims(deps.table, claim.artistId),
    findHeldLotsOfArtist(deps.table, catalogueArtistKeyOf(claim.artistId)),
  ]);
  return {
    ...toSummary(claim, office?.office.name ?? null),
    verificationString: claim.verificationString,
    artist,
    verificationAttempts: attempts.map(({ claimId: _claimId, ...attempt }) => attempt),
    reports: reports.map((report) => ({
      id: report.id,
      fanId: report.fanId,
      reason: report.reason,
      status: report.status,
      createdAt: report.createdAt,
    })),
    auditLog: history,
    allowedStatuses: nextClaimStatuses(claim.status, 'staff'),
    otherClaims: artistClaims
      .filter((other) => other.id !== claim.id)
      .map((other) => ({
        _id: other.id,
        officeId: other.officeId,
        status: other.status,
        createdAt: other.createdAt,
      })),
    heldEarnings: {
      lots: heldLots.length,
      cents: heldLots.reduce((sum, lot) => sum + lot.cents, 0),
    },
  };
}

function toReleaseSummary(counts: ReleaseCounts) {
  return {
    releasedLots: counts.releasedLots,
    releasedCents: counts.releasedCents,
    fansMailed: counts.fansMailed,
  };
}

/** The state machine's refusal, with the moves staff may make instead. */
function withAllowedMoves(error: unknown, claim: StoredClaim): unknown {
  if (!isAppError(error) || error.code !== 'claim_transition_not_allowed') return error;
  const allowed = nextClaimStatuses(claim.status, 'staff');
  const list = allowed.length === 0 ? 'none: this status is final' : allowed.join(', ');
  return new AppError('conflict', `${error.message} Allowed from ${claim.status}: ${list}.`, {
    code: 'claim_transition_not_allowed',
    fields: { status: `Choose one of the allowed statuses: ${list}.` },
    cause: error,
  });
}

/**
 * `PATCH /api/admin/claims/{id}/status`: a legal move for staff, with its reason, through `moveClaim` (409 with the
 * allowed moves otherwise). Becoming Successful releases the artist's held earnings to the office; asking for
 * Successful on a claim already successful (a second click, a concurrent approval, a retry after a failure) writes no
 * status and finishes whatever release is left, so the money moves once.
 */
export async function changeClaimStatusByStaff(
  deps: StaffClaimDependencies,
  staffId: string,
  claimId: string,
  change: { status: ClaimStatus; reason: string },
): Promise<StaffClaimDecision> {
  const claim = await getClaim(deps.table, claimId);
  if (!claim) throw claimNotFound();
  let release: ReleaseCounts | null = null;
  if (claim.status === 'Successful' && change.status === 'Successful') {
    release = await releaseHeldEarnings(deps, claim);
  } else {
    try {
      await moveClaim(deps, claim, change.status, { kind: 'staff', id: staffId }, change.reason);
    } catch (error) {
      // Two staff approving at once: the second finds the claim successful already and finishes the release.
      const now = await getClaim(deps.table, claimId);
      if (!(now?.status === 'Successful' && change.status === 'Successful')) {
        throw withAllowedMoves(error, now ?? claim);
      }
    }
    if (change.status === 'Successful') release = await releaseHeldEarnings(deps, claim);
  }
  return {
    ...(await readClaimForStaff(deps, claimId)),
    release: release ? toReleaseSummary(release) : null,
  };
}

/**
 * `POST /api/admin/claims/{id}/verify-bio` {manualVerification}: staff checked the bio by hand. The attempt is
 * recorded either way (by staff, with what they decided); true moves a pending claim to Verified through the state
 * machine (409 otherwise), false leaves the claim as it is.
 */
export async function verifyClaimByStaff(
  deps: StaffClaimDependencies,
  staffId: string,
  claimId: string,
  manualVerification: boolean,
): Promise<StaffClaimDecision> {
  const claim = await getClaim(deps.table, claimId);
  if (!claim) throw claimNotFound();
  if (manualVerification && claim.status !== 'Pending') {
    throw withAllowedMoves(
      new AppError('conflict', 'Only a pending claim can be verified.', {
        code: 'claim_transition_not_allowed',
      }),
      claim,
    );
  }
  await recordVerificationAttempt(deps.table, {
    id: randomUUID(),
    claimId: claim.id,
    method: claim.verificationMethod,
    platform: claim.selectedPlatform,
    checked: `The ${platformNames[claim.selectedPlatform]} bio, checked by hand`,
    found: manualVerification,
    detail: manualVerification
      ? `Staff found ${claim.verificationString} in the bio.`
      : `Staff did not find ${claim.verificationString} in the bio.`,
    at: deps.clock.now().toISOString(),
    byKind: 'staff',
    byId: staffId,
  });
  if (manualVerification) {
    try {
      await moveClaim(
        deps,
        claim,
        'Verified',
        { kind: 'staff', id: staffId },
        `Verified by hand by staff: ${claim.verificationString} is in the ${platformNames[claim.selectedPlatform]} bio`,
      );
    } catch (error) {
      throw withAllowedMoves(error, (await getClaim(deps.table, claimId)) ?? claim);
    }
  }
  return { ...(await readClaimForStaff(deps, claimId)), release: null };
}
