// An office gives up an artist it claimed successfully (decision 026; SPEC §4 "claimed artist": status
// `Deleted`). The claim moves Successful → Deleted through the claim state machine, which frees the artist for
// another office. Money already released to the office payable stays there: it was earned while the claim held, and
// the office pays it out or gives it back like any other balance.
import type { ClaimReply } from '../../contracts/claims';
import { getClaim, getSuccessfulClaimOfArtist } from '../../data/claims';
import { AppError } from '../../domain/errors';
import type { ClaimDependencies } from '../claims/claims';
import { moveClaim, toClaimReply } from '../claims/claims';
import { requireOffice } from './office-gate';

export const claimedArtistMessages = {
  notClaimed: 'This office has no successful claim on this artist.',
  reason: 'The office gave the artist up',
} as const;

/** `PATCH offices/{officeId}/claimed-artists/{artistId}` {status: 'Deleted'}: admins of the office only. */
export async function giveUpClaimedArtist(
  deps: ClaimDependencies,
  callerId: string,
  officeId: string,
  artistId: string,
): Promise<ClaimReply> {
  await requireOffice(deps, callerId, officeId, 'manage-office');
  const held = await getSuccessfulClaimOfArtist(deps.table, artistId);
  const claim = held?.officeId === officeId ? await getClaim(deps.table, held.claimId) : null;
  if (!claim || claim.status !== 'Successful') {
    throw new AppError('not_found', claimedArtistMessages.notClaimed);
  }
  return toClaimReply(
    await moveClaim(deps, claim, 'Deleted', { kind: 'office', id: callerId }, claimedArtistMessages.reason),
  );
}
