// Routes of the 'fan-pie' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { fanPieContracts } from '../contracts/api/fan-pie';
import { listPiesOfFan, readActivePie } from '../services/payments/pie-reads';
import { pieDependencies } from '../services/payments/pies';
import { previewPieSplit } from '../services/pie/pie-preview';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-pie', fanPieContracts, {
  // Issue #11: the fan's current pie, and a fan's pies (another fan's only as their visibility allows).
  'GET /api/pie/active': async ({ principal }) =>
    ok(await readActivePie(pieDependencies(), requirePrincipal(principal).userId)),
  'GET /api/pie/user/{id}/pies': async ({ params, principal }) =>
    ok(await listPiesOfFan(pieDependencies(), requirePrincipal(principal).userId, params.id)),
  // Issue #12: the live split of the fan's own pie, with the query's settings as a what-if (not saved).
  'GET /api/pie/{pieId}/realtime-stats': async ({ params, query, principal }) =>
    ok(await previewPieSplit(pieDependencies(), requirePrincipal(principal).userId, params.pieId, query)),
});
