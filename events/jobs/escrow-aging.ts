// Scheduled job 'escrow-aging' (events/definitions.ts), daily. First the names heard alone that the catalogue now
// knows move their held money to the artist (functions/services/pie/name-only-artists.ts). Then it sweeps the held
// lots of artists a claim already won (functions/services/claims/release.ts `releaseLotsLeftHeld`): a lot written
// just as its artist's claim was released goes to the claim's office, never back to the fan. Then money held for
// artists nobody claimed within the holding period (ESCROW_HOLDING_MONTHS) goes back to the fans who gave it
// (functions/services/pie/escrow-aging.ts). Running the same slot twice moves, releases or returns each lot once.
import { releaseDependencies, releaseLotsLeftHeld } from '../../functions/services/claims/release';
import { escrowAgingDependencies, returnAgedLots } from '../../functions/services/pie/escrow-aging';
import { resolveNameOnlyArtists } from '../../functions/services/pie/name-only-artists';
import { defineJob } from '../lib/define-job';

export const handler = defineJob('escrow-aging', async ({ log, now }) => {
  const names = await resolveNameOnlyArtists(escrowAgingDependencies(), { log });
  const swept = await releaseLotsLeftHeld(releaseDependencies());
  if (swept.sweptLots > 0)
    log.warn('released held lots of claimed artists a release left behind', { ...swept });
  const { complete, ...counts } = await returnAgedLots(escrowAgingDependencies(), { log, now });
  return {
    status: 'completed',
    counts: {
      ...counts,
      incomplete: complete ? 0 : 1,
      namesResolved: names.resolved,
      namesAmbiguous: names.ambiguous,
      nameLotsMoved: names.movedLots,
      sweptClaims: swept.claims,
      sweptLots: swept.sweptLots,
      sweptCents: swept.sweptCents,
    },
  };
});
