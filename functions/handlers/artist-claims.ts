// Routes of the 'artist-claims' resource (see functions/contracts/routes.ts): an office's claims of catalogue
// artists, with each claim's transactions, payouts and bio check.
import { artistClaimsContracts } from '../contracts/api/artist-claims';
import {
  claimDependencies,
  createClaimForUser,
  deleteClaimOfUser,
  listClaimsForUser,
  readClaim,
  readClaimDetail,
} from '../services/claims/claims';
import { spotifyBioDependencies, verifySpotifyBio } from '../services/claims/verification';
import { listClaimPayouts, listClaimTransactions, moneyReadDependencies } from '../services/connect/money';
import { readArtistStats } from '../services/give-back/artist-stats';
import { giveBackDependencies } from '../services/give-back/give-back';
import { created, ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-claims', artistClaimsContracts, {
  'GET /api/for-artists/claims': async ({ principal, query }) =>
    ok(await listClaimsForUser(claimDependencies(), principal.userId, query)),
  'POST /api/for-artists/claims': async ({ principal, body }) =>
    created(await createClaimForUser(claimDependencies(), principal.userId, body)),
  'GET /api/for-artists/claims/{id}': async ({ principal, params }) =>
    ok(await readClaim(claimDependencies(), principal.userId, params.id)),
  'GET /api/for-artists/claims/{id}/detailed': async ({ principal, params }) =>
    ok(await readClaimDetail(claimDependencies(), principal.userId, params.id)),
  'DELETE /api/for-artists/claims/{id}': async ({ principal, params }) =>
    ok(await deleteClaimOfUser(claimDependencies(), principal.userId, params.id)),
  'GET /api/for-artists/claims/{id}/transactions': async ({ principal, params, query }) => {
    const { data, pagination } = await listClaimTransactions(moneyReadDependencies(), principal.userId, {
      claimId: params.id,
      filter: query.filter ?? 'all',
      page: Math.max(1, query.page ?? 1),
      limit: 20,
    });
    return ok(data, { pagination });
  },
  'GET /api/for-artists/claims/{id}/payouts': async ({ principal, params }) =>
    ok(await listClaimPayouts(moneyReadDependencies(), principal.userId, params.id)),
  'POST /api/for-artists/claims/{id}/verify-bio': async ({ principal, params, body }) =>
    ok(await verifySpotifyBio(spotifyBioDependencies(), principal.userId, params.id, body)),
  'GET /api/for-artists/claims/{id}/stats': async ({ principal, params }) =>
    ok(await readArtistStats(giveBackDependencies(), principal.userId, params.id)),
});
