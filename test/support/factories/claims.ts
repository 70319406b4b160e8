// Claims for integration tests, through the product's handlers: the claim wizard's request, an office admin's claim
// of a catalogue artist (Pending), the same claim moved to Verified as the verification job moves it when the string
// is found, or to Successful as staff approve it (which releases the money held for the artist to the office). Every
// call makes a new verification string, and the offices and admins it opens are new.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type {
  ClaimReply,
  CreateClaimPayload,
  verificationPlatforms,
} from '../../../functions/contracts/claims';
import type { OfficeReply } from '../../../functions/contracts/offices';
import type { ClaimActor, StoredClaim } from '../../../functions/data/claims';
import type { ClaimStatus } from '../../../functions/domain/claims/claim-status';
import { getClock } from '../../../functions/runtime/clock';
import type { HandlerResult, SignedInAccount } from '../identity';
import { call, dataOf } from '../identity';
import { testTable } from '../test-table';
import { givenOfficeAdmin } from './offices';

/** A fresh verification string, as the wizard generates one. */
export function newVerificationString(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return `openpie_${Array.from(randomBytes(8), (byte) => alphabet.charAt(byte % alphabet.length)).join('')}`;
}

/** Where the claimant puts the string to prove the claim: the artist's Spotify bio, or a social profile's bio. */
export type ClaimProof = (typeof verificationPlatforms)[number];

/**
 * The claim wizard's request (`POST /api/for-artists/claims`): every box ticked, a new verification string, to be
 * found in an Instagram bio unless told otherwise.
 */
export function claimRequest(
  artistId: string,
  officeId?: string,
  proof: ClaimProof = 'instagram',
): CreateClaimPayload {
  return {
    artistId,
    ...(officeId === undefined ? {} : { officeId }),
    agreesToWaiver: true,
    agreesToFundsTerms: true,
    agreesToTerms: true,
    verificationMethod: proof === 'spotify' ? 'spotify-bio' : 'social-bio',
    selectedPlatform: proof,
    verificationString: newVerificationString(),
  };
}

/**
 * A Pending claim of the artist, made by `admin` through the claim wizard's call: for the office when named, else for
 * the admin's personal office.
 */
export async function givenClaim(
  admin: SignedInAccount,
  artistId: string,
  officeId?: string,
  proof: ClaimProof = 'instagram',
): Promise<ClaimReply> {
  const claims = (await import('../../../functions/handlers/artist-claims')).handler;
  const result = await call(claims, 'POST', '/api/for-artists/claims', {
    body: claimRequest(artistId, officeId, proof),
    cookies: [admin.cookie],
  });
  expect(result.statusCode, result.body).toBe(201);
  return dataOf<ClaimReply>(result);
}

/** A new office (of a new admin) with a Pending claim of the artist. */
export async function givenPendingClaim(
  artistId: string,
  officeName = 'Harbour Office',
  proof: ClaimProof = 'instagram',
  type: OfficeReply['type'] = 'Label',
): Promise<{ claim: ClaimReply; office: OfficeReply; admin: SignedInAccount }> {
  const { admin, office } = await givenOfficeAdmin(officeName, type);
  const claim = await givenClaim(admin, artistId, office._id, proof);
  return { claim, office, admin };
}

/** Staff as a claim's audit names them when a test moves a claim in their place. */
export const byStaff: ClaimActor = { kind: 'staff', id: 'staff-test' };

/** Moves the stored claim through the state machine as its verification (by default) or staff would. */
export async function moveClaimTo(
  claimId: string,
  to: ClaimStatus,
  actor: ClaimActor = { kind: 'verification', id: 'test' },
  reason = 'The string was found in the bio',
): Promise<StoredClaim> {
  const { moveClaim } = await import('../../../functions/services/claims/claims');
  const { getClaim } = await import('../../../functions/data/claims');
  const stored = await getClaim(testTable(), claimId);
  if (!stored) throw new Error('the claim was not stored');
  return moveClaim({ table: testTable(), clock: getClock() }, stored, to, actor, reason);
}

/** An office of a new artist-side user (its admin) with a Verified claim of the artist. */
export async function givenVerifiedClaim(
  artistId: string,
  officeName = 'Late Office',
): Promise<{ claim: ClaimReply; office: OfficeReply; admin: SignedInAccount }> {
  const given = await givenPendingClaim(artistId, officeName, 'instagram', 'Artist');
  await moveClaimTo(given.claim._id, 'Verified');
  return given;
}

/** Staff approve the claim (PATCH /api/admin/claims/{id}/status → Successful). */
export async function approveClaim(claimId: string, staff: SignedInAccount): Promise<HandlerResult> {
  const handler = (await import('../../../functions/handlers/admin-claims')).handler;
  return call(handler, 'PATCH', `/api/admin/claims/${claimId}/status`, {
    body: { status: 'Successful', reason: 'The bio holds the string and nobody else claims the artist' },
    cookies: [staff.cookie],
  });
}

/** Staff verify the claim by hand (POST …/verify-bio) and approve it (PATCH …/status → Successful), as on their screen. */
export async function verifyAndApproveClaim(claimId: string, staff: SignedInAccount): Promise<void> {
  const handler = (await import('../../../functions/handlers/admin-claims')).handler;
  const verified = await call(handler, 'POST', `/api/admin/claims/${claimId}/verify-bio`, {
    cookies: [staff.cookie],
    body: { manualVerification: true },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  const approved = await call(handler, 'PATCH', `/api/admin/claims/${claimId}/status`, {
    cookies: [staff.cookie],
    body: { status: 'Successful', reason: 'The bio shows the string' },
  });
  expect(approved.statusCode, approved.body).toBe(200);
}
