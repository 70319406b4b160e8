// An artist's screen in the artist area (decision 030): what fans' pies gave the artist month by
// month over the last 12 months (released to the office, or still held for it), how many fans funded it this month,
// and where the office's claim stands. Read through the claim, with the claim's visibility rules (a `member` sees
// only the artists assigned to them).
import type { ArtistStatsReply } from '../../contracts/give-back';
import { findHeldLotsOfArtist } from '../../data/escrow-lots';
import { getGiveBackTotal, listReleasedLotsOfOfficeArtist } from '../../data/give-backs';
import { readClaim } from '../claims/claims';
import type { GiveBackDependencies } from './give-back';

/** `YYYY-MM` of the last `count` UTC months, oldest first, ending with the month of `now`. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(at.toISOString().slice(0, 7));
  }
  return months;
}

/** `GET claims/{id}/stats`. */
export async function readArtistStats(
  deps: GiveBackDependencies,
  userId: string,
  claimId: string,
): Promise<ArtistStatsReply> {
  const claim = await readClaim(deps, userId, claimId);
  const artistKey = `id:${claim.artistId}`;
  // A rejected or given-up claim has no say in what is still held for the artist: only open and successful ones see it.
  const seesHeld = claim.status !== 'Rejected' && claim.status !== 'Deleted';
  const [released, held, total] = await Promise.all([
    listReleasedLotsOfOfficeArtist(deps.table, claim.officeId, artistKey),
    seesHeld ? findHeldLotsOfArtist(deps.table, artistKey) : Promise.resolve([]),
    getGiveBackTotal(deps.table, claim.officeId, claim.artistId),
  ]);
  const months = lastMonths(deps.clock.now(), 12);
  const byMonth = new Map(months.map((month) => [month, { releasedCents: 0, heldCents: 0 }]));
  const thisMonth = months[months.length - 1] ?? '';
  const fansThisMonth = new Set<string>();
  for (const lot of released) {
    const month = lot.heldFrom.slice(0, 7);
    const bucket = byMonth.get(month);
    if (bucket) bucket.releasedCents += lot.cents;
    if (month === thisMonth) fansThisMonth.add(lot.fanId);
  }
  for (const lot of held) {
    const month = lot.heldFrom.slice(0, 7);
    const bucket = byMonth.get(month);
    if (bucket) bucket.heldCents += lot.cents;
    if (month === thisMonth) fansThisMonth.add(lot.fanId);
  }
  return {
    claimId: claim._id,
    officeId: claim.officeId,
    artistId: claim.artistId,
    artistName: claim.artistName,
    claimStatus: claim.status,
    months: months.map((month) => ({ month, ...(byMonth.get(month) ?? { releasedCents: 0, heldCents: 0 }) })),
    fansThisMonth: fansThisMonth.size,
    totalReleasedCents: released.reduce((sum, lot) => sum + lot.cents, 0),
    totalHeldCents: held.reduce((sum, lot) => sum + lot.cents, 0),
    givenBackCents: total.givenBackCents,
  };
}
