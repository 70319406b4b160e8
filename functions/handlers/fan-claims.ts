// Routes of the 'fan-claims' resource (see functions/contracts/routes.ts).
import { fanClaimsContracts } from '../contracts/api/fan-claims';
import { created } from './lib/http';
import { claimReportDependencies, reportWrongClaim } from '../services/catalogue/claim-reports';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-claims', fanClaimsContracts, {
  // `{id}` is the catalogue artist whose claim looks wrong (docs/decisions/009-fan-profile-and-reports.md).
  'POST /api/claims/report/{id}': async ({ params, body, principal }) => {
    const { userId } = principal;
    const report = { artistId: params.id, reason: body.reason };
    return created(await reportWrongClaim(claimReportDependencies(), userId, report));
  },
});
