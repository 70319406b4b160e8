// Claims of catalogue artists by offices (SPEC §2 claim wizard, §5, §6, §7 "Claims"): the artist
// area's use cases, and the one move of a claim's status that staff and verification will use. Every right is decided
// by domain/claims/claim-rights.ts from the claim's office's member list; every move by domain/claims/claim-status.ts.
// Money (releasing held earnings on success) and verification (the bio checks and their attempts) come later.
import { randomUUID } from 'node:crypto';
import type {
  ClaimDetailReply,
  ClaimListQuery,
  ClaimReply,
  CreateClaimPayload,
} from '../../contracts/claims';
import { getCatalogueArtist } from '../../data/catalogue/artists';
import type { StoredVerificationAttempt } from '../../data/claim-verification-attempts';
import { listClaimVerificationAttempts } from '../../data/claim-verification-attempts';
import type { ClaimActor, StoredClaim } from '../../data/claims';
import {
  changeClaimStatus,
  createClaim,
  getClaim,
  getClaimWithHistory,
  getSuccessfulClaimOfArtist,
  listOfficeClaims,
} from '../../data/claims';
import type { OfficeWithMembers } from '../../data/offices/office';
import { getOfficeWithMembers, getPersonalOfficeId, listUserOffices } from '../../data/offices/office';
import type { TableRef } from '../../data/table';
import {
  canSeeClaim,
  claimMessages,
  requireClaimAdmin,
  requireClaimVisible,
} from '../../domain/claims/claim-rights';
import type { ClaimStatus } from '../../domain/claims/claim-status';
import { checkClaimTransition, checkOfficeClaimDeletion } from '../../domain/claims/claim-status';
import { checkVerificationChoice } from '../../domain/claims/verification-string';
import { AppError } from '../../domain/errors';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { auditEntryPut, claimDecisionAuditKey, claimStatusChangedAction, staffActor } from '../admin/audit';
import { listAssignedArtistIds } from '../offices/member-artists';
import { requireOffice } from '../offices/office-gate';
import { listMyOffices } from '../offices/offices';

export interface ClaimDependencies {
  table: TableRef;
  clock: Clock;
}

/** The deployment's table and the product clock. */
export function claimDependencies(): ClaimDependencies {
  return { table: getTable(), clock: getClock() };
}

const artistAlreadyClaimed = () =>
  new AppError('conflict', 'This artist has already been claimed successfully by an office.', {
    code: 'artist_already_claimed',
  });
const changedMeanwhile = () =>
  new AppError('conflict', 'This claim changed at the same time elsewhere. Please try again.');

/** What an office's reply and staff's list both say of a claim: its artist, status and way of verifying. */
export function claimFieldsOf(claim: StoredClaim) {
  return {
    artistId: claim.artistId,
    artistName: claim.artistName,
    ...(claim.artistImageUrl === undefined ? {} : { artistImageUrl: claim.artistImageUrl }),
    status: claim.status,
    verificationMethod: claim.verificationMethod,
    selectedPlatform: claim.selectedPlatform,
  };
}

export function toClaimReply(claim: StoredClaim): ClaimReply {
  return {
    _id: claim.id,
    officeId: claim.officeId,
    ...claimFieldsOf(claim),
    verificationString: claim.verificationString,
    createdAt: claim.createdAt,
    updatedAt: claim.updatedAt,
  };
}

/**
 * The office a new claim is made for: the one named, or else the caller's personal office (made now if this is
 * their first call). Someone outside the named office gets a 404; a member who is not its admin a 403.
 */
async function readClaimingOffice(
  deps: ClaimDependencies,
  userId: string,
  officeId: string | undefined,
): Promise<OfficeWithMembers> {
  const found =
    officeId === undefined
      ? await readPersonalClaimingOffice(deps, userId)
      : await requireOffice(deps, userId, officeId, 'view-office');
  requireClaimAdmin(found.members, userId, 'office');
  return found;
}

/** The caller's personal office, for a claim that names none; a 422 once it is deleted or they left it. */
async function readPersonalClaimingOffice(
  deps: ClaimDependencies,
  userId: string,
): Promise<OfficeWithMembers> {
  await listMyOffices(deps, userId);
  const personal = await getPersonalOfficeId(deps.table, userId);
  const found =
    personal === null
      ? null
      : await requireOffice(deps, userId, personal, 'view-office').catch((error: unknown) => {
          if (error instanceof AppError && error.kind === 'not_found') return null;
          throw error;
        });
  // The personal office was deleted: the wizard has to name another office.
  if (!found) {
    throw new AppError('validation_failed', undefined, {
      fields: { officeId: claimMessages.officeRequired },
    });
  }
  return found;
}

/**
 * `POST claims`: the wizard's three steps in one payload. The artist must be in the catalogue, the caller an admin
 * of the office. 409 when the artist already has a successful claim, when this office already has an open claim on
 * it, or when the verification string is already used; competing pending claims of other offices are all kept.
 */
export async function createClaimForUser(
  deps: ClaimDependencies,
  userId: string,
  payload: CreateClaimPayload,
): Promise<ClaimReply> {
  checkVerificationChoice(payload.verificationMethod, payload.selectedPlatform);
  // The artist first: a refused payload must not leave a personal office made on its way.
  const artist = await getCatalogueArtist(deps.table, payload.artistId);
  if (!artist) {
    throw new AppError('validation_failed', undefined, {
      fields: { artistId: 'We could not find this artist. Please search for it again.' },
    });
  }
  const office = await readClaimingOffice(deps, userId, payload.officeId);
  if (await getSuccessfulClaimOfArtist(deps.table, artist.id)) throw artistAlreadyClaimed();
  const at = deps.clock.now().toISOString();
  const claim: Omit<StoredClaim, 'status' | 'updatedAt'> = {
    id: randomUUID(),
    officeId: office.office.id,
    artistId: artist.id,
    artistName: artist.name,
    ...(artist.imageUrl === undefined ? {} : { artistImageUrl: artist.imageUrl }),
    verificationMethod: payload.verificationMethod,
    selectedPlatform: payload.selectedPlatform,
    verificationString: payload.verificationString,
    agreedAt: at,
    createdBy: userId,
    createdAt: at,
  };
  switch (await createClaim(deps.table, claim, randomUUID())) {
    case 'created':
      return toClaimReply({ ...claim, status: 'Pending', updatedAt: at });
    case 'not-admin':
      throw changedMeanwhile();
    case 'artist-claimed':
      throw artistAlreadyClaimed();
    case 'office-has-open-claim':
      throw new AppError('conflict', 'Your office already has an open claim for this artist.', {
        code: 'claim_already_open',
      });
    case 'string-taken':
      throw new AppError(
        'conflict',
        'This verification string is already in use. Go back and generate a new one.',
        { code: 'verification_string_taken' },
      );
  }
}

/** `GET claims`: the claims the caller sees in one of their offices (`officeId`) or all of them, newest first. */
export async function listClaimsForUser(
  deps: ClaimDependencies,
  userId: string,
  query: ClaimListQuery,
): Promise<ClaimReply[]> {
  let offices: OfficeWithMembers[];
  if (query.officeId === undefined) {
    offices = await listUserOffices(deps.table, userId);
  } else {
    offices = [await requireOffice(deps, userId, query.officeId, 'view-office')];
  }
  // A `member` sees only the claims of the artists assigned to them (services/offices/member-artists.ts).
  const lists = await Promise.all(
    offices.map(async (found) => {
      const [claims, assigned] = await Promise.all([
        listOfficeClaims(deps.table, found.office.id),
        listAssignedArtistIds(deps, found, userId),
      ]);
      return claims.filter(
        (claim) =>
          (query.status === undefined || claim.status === query.status) &&
          canSeeClaim(found.members, userId, claim.artistId, assigned),
      );
    }),
  );
  return lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id))
    .map(toClaimReply);
}

/** The claim and its office, or a 404 when either is gone or the caller may not see the claim. */
async function readVisibleClaim(
  deps: ClaimDependencies,
  userId: string,
  claim: StoredClaim | null,
): Promise<{ claim: StoredClaim; office: OfficeWithMembers }> {
  const office = claim ? await getOfficeWithMembers(deps.table, claim.officeId) : null;
  if (!claim || !office) throw new AppError('not_found', claimMessages.notFound);
  requireClaimVisible(
    office.members,
    userId,
    claim.artistId,
    await listAssignedArtistIds(deps, office, userId),
  );
  return { claim, office };
}

/** An attempt as the office sees it (who asked stays with staff). */
function toVerificationAttemptReply(
  attempt: StoredVerificationAttempt,
): ClaimDetailReply['verificationAttempts'][number] {
  const { method, platform, checked, found, detail, at } = attempt;
  return { method, platform, checked, found, detail, at };
}

/** `GET claims/{id}`. */
export async function readClaim(
  deps: ClaimDependencies,
  userId: string,
  claimId: string,
): Promise<ClaimReply> {
  const { claim } = await readVisibleClaim(deps, userId, await getClaim(deps.table, claimId));
  return toClaimReply(claim);
}

/**
 * `GET claims/{id}/detailed`: the claim with its catalogue artist, its verification attempts (oldest first; decision
 * 027) and its status history with reasons (who made each change stays with staff).
 */
export async function readClaimDetail(
  deps: ClaimDependencies,
  userId: string,
  claimId: string,
): Promise<ClaimDetailReply> {
  const found = await getClaimWithHistory(deps.table, claimId);
  const { claim } = await readVisibleClaim(deps, userId, found?.claim ?? null);
  const artist = await getCatalogueArtist(deps.table, claim.artistId);
  return {
    ...toClaimReply(claim),
    artist,
    verificationAttempts: (await listClaimVerificationAttempts(deps.table, claim.id)).map(
      toVerificationAttemptReply,
    ),
    statusHistory: (found?.history ?? []).map(({ from, to, reason, at }) => ({ from, to, reason, at })),
  };
}

/**
 * Moves a claim through the state machine (domain/claims/claim-status.ts): a legal move for this actor, with a
 * reason, written with its audit entry and the guards it touches. Staff's decisions and verification use it; the
 * office's deletion below too. 409 when another claim on the artist is already successful.
 */
export async function moveClaim(
  deps: ClaimDependencies,
  claim: StoredClaim,
  to: ClaimStatus,
  actor: ClaimActor,
  reason: string,
): Promise<StoredClaim> {
  const storedReason = checkClaimTransition(claim.status, to, actor.kind, reason);
  const now = deps.clock.now();
  const at = now.toISOString();
  const auditEntryId = randomUUID();
  // Staff's decisions are entries of the staff audit trail too, written in the same transaction.
  const alongside =
    actor.kind === 'staff'
      ? [
          auditEntryPut(
            deps.table,
            {
              actor: await staffActor(deps.table, actor.id),
              action: claimStatusChangedAction,
              target: { type: 'claim', id: claim.id },
              before: { status: claim.status },
              after: { status: to },
              reason: storedReason,
              idempotencyKey: claimDecisionAuditKey(claim.id, auditEntryId),
            },
            now,
          ),
        ]
      : [];
  const outcome = await changeClaimStatus(deps.table, claim, to, {
    reason: storedReason,
    actor,
    at,
    auditEntryId,
    alongside,
  });
  if (outcome === 'artist-claimed') throw artistAlreadyClaimed();
  if (outcome === 'stale') throw changedMeanwhile();
  return { ...claim, status: to, updatedAt: at };
}

/** `DELETE claims/{id}`: an admin of the claim's office, only while the claim is pending; the claim becomes Deleted. */
export async function deleteClaimOfUser(
  deps: ClaimDependencies,
  userId: string,
  claimId: string,
): Promise<ClaimReply> {
  const { claim, office } = await readVisibleClaim(deps, userId, await getClaim(deps.table, claimId));
  requireClaimAdmin(office.members, userId, 'claim');
  checkOfficeClaimDeletion(claim.status);
  try {
    return toClaimReply(
      await moveClaim(
        deps,
        claim,
        'Deleted',
        { kind: 'office', id: userId },
        'Deleted by an admin of the office',
      ),
    );
  } catch (error) {
    // A decision by staff came first: say so in the office's words when the claim is no longer pending.
    const now = await getClaim(deps.table, claimId);
    if (now && now.status !== 'Pending') checkOfficeClaimDeletion(now.status);
    throw error;
  }
}
