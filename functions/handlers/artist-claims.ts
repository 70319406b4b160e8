// Routes of the 'artist-claims' resource (see functions/contracts/routes.ts): an office's claims of catalogue
// artists. Transactions, payouts and the bio check answer 501 until the money and verification work builds them.
import { artistClaimsContracts } from '../contracts/api/artist-claims';
import {
  claimDependencies,
  createClaimForUser,
  deleteClaimOfUser,
  listClaimsForUser,
  readClaim,
  readClaimDetail,
} from '../services/claims/claims';
import { requirePrincipal } from './lib/auth';
import { created, ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-claims', artistClaimsContracts, {
  'GET /api/for-artists/claims': async ({ principal, query }) =>
    ok(await listClaimsForUser(claimDependencies(), requirePrincipal(principal).userId, query)),
  'POST /api/for-artists/claims': async ({ principal, body }) =>
    created(await createClaimForUser(claimDependencies(), requirePrincipal(principal).userId, body)),
  'GET /api/for-artists/claims/{id}': async ({ principal, params }) =>
    ok(await readClaim(claimDependencies(), requirePrincipal(principal).userId, params.id)),
  'GET /api/for-artists/claims/{id}/detailed': async ({ principal, params }) =>
    ok(await readClaimDetail(claimDependencies(), requirePrincipal(principal).userId, params.id)),
  'DELETE /api/for-artists/claims/{id}': async ({ principal, params }) =>
    ok(await deleteClaimOfUser(claimDependencies(), requirePrincipal(principal).userId, params.id)),
});
