// Scheduled job 'escrow-aging' (events/definitions.ts): first, money held for artists heard only by name moves to the
// catalogue artist the name now belongs to (functions/services/pie/name-only-artists.ts, decision 036; Spotify's track
// lookup where Spotify is configured); then money held for artists nobody claimed within the holding period
// (ESCROW_HOLDING_MONTHS) goes back to the fans who gave it (functions/services/pie/escrow-aging.ts). Between the two,
// a sweep releases the held lots of artists a claim already won (functions/services/claims/release.ts
// `releaseLotsLeftHeld`): a lot written just as its artist's claim was released goes to the claim's office, never back
// to the fan. Running the same slot twice moves, releases and returns each lot once.
import { getSpotifyCatalogueApi } from '../../functions/services/catalogue/spotify-catalogue';
import { releaseDependencies, releaseLotsLeftHeld } from '../../functions/services/claims/release';
import { escrowAgingDependencies, returnAgedLots } from '../../functions/services/pie/escrow-aging';
import { resolveNameOnlyArtists } from '../../functions/services/pie/name-only-artists';
import { defineJob } from '../lib/define-job';

export const handler = defineJob('escrow-aging', async ({ log, now }) => {
  const deps = escrowAgingDependencies();
  // Spotify unreachable or not configured: names resolve by the catalogue's own match this run.
  const spotify = await getSpotifyCatalogueApi().catch((error: unknown) => {
    log.warn('Spotify is not available to the escrow job', {
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  });
  const names = await resolveNameOnlyArtists({ ...deps, spotify }, { log });
  const swept = await releaseLotsLeftHeld(releaseDependencies());
  if (swept.sweptLots > 0)
    log.warn('released held lots of claimed artists a release left behind', { ...swept });
  const { complete, ...counts } = await returnAgedLots(deps, { log, now });
  return {
    status: 'completed',
    counts: {
      ...counts,
      incomplete: complete && names.complete ? 0 : 1,
      namesResolved: names.resolved,
      namesAmbiguous: names.ambiguous,
      lotsMovedToArtists: names.movedLots,
      centsMovedToArtists: names.movedCents,
      sweptClaims: swept.claims,
      sweptLots: swept.sweptLots,
      sweptCents: swept.sweptCents,
    },
  };
});
