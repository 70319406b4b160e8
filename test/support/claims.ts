// Claims for integration tests, through the product's handlers: an artist-side user opens an office and claims a
// catalogue artist (the claim then Verified, as the verification job moves it when the string is found), and staff
// approve it (which releases the money held for the artist to the office).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ClaimReply } from '../../functions/contracts/claims';
import type { OfficeReply } from '../../functions/contracts/offices';
import { createFixedClock } from '../../functions/runtime/clock';
import type { HandlerResult, SignedInAccount } from './identity';
import { call, createSignedInAccount, dataOf } from './identity';

/** An office of a new artist-side user (its admin) with a Verified claim of the artist. */
export async function givenVerifiedClaim(
  artistId: string,
  officeName = 'Late Office',
): Promise<{ claim: ClaimReply; office: OfficeReply; admin: SignedInAccount }> {
  const admin = await createSignedInAccount('artist');
  const offices = (await import('../../functions/handlers/artist-offices')).handler;
  const office = dataOf<OfficeReply>(
    await call(offices, 'POST', '/api/for-artists/offices', {
      body: { name: officeName, type: 'Artist' },
      cookies: [admin.cookie],
    }),
  );
  const claims = (await import('../../functions/handlers/artist-claims')).handler;
  const result = await call(claims, 'POST', '/api/for-artists/claims', {
    body: {
      artistId,
      officeId: office._id,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: 'social-bio',
      selectedPlatform: 'instagram',
      verificationString: `openpie_${randomUUID().replaceAll('-', '').slice(0, 8)}`,
    },
    cookies: [admin.cookie],
  });
  expect(result.statusCode).toBe(201);
  const claim = dataOf<ClaimReply>(result);
  const { moveClaim } = await import('../../functions/services/claims/claims');
  const { getClaim } = await import('../../functions/data/claims');
  const { getTable } = await import('../../functions/runtime/table');
  const stored = await getClaim(getTable(), claim._id);
  if (!stored) throw new Error('the claim was not stored');
  await moveClaim(
    { table: getTable(), clock: createFixedClock(new Date()) },
    stored,
    'Verified',
    { kind: 'verification', id: 'test' },
    'The string was found in the bio',
  );
  return { claim, office, admin };
}

/** Staff approve the claim (PATCH /api/admin/claims/{id}/status → Successful). */
export async function approveClaim(claimId: string, staff: SignedInAccount): Promise<HandlerResult> {
  const handler = (await import('../../functions/handlers/admin-claims')).handler;
  return call(handler, 'PATCH', `/api/admin/claims/${claimId}/status`, {
    body: { status: 'Successful', reason: 'The bio holds the string and nobody else claims the artist' },
    cookies: [staff.cookie],
  });
}
