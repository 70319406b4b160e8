// Routes of the 'fan-pie' resource (see functions/contracts/routes.ts).
import { fanPieContracts } from '../contracts/api/fan-pie';
import { listPiesOfFan, readActivePie } from '../services/payments/pie-reads';
import { pieDependencies } from '../services/payments/pies';
import {
  readPieActiveDetail,
  readPieDailyListening,
  readPieOrphanedTracks,
} from '../services/pie/pie-listening-reads';
import { previewPieSplit } from '../services/pie/pie-preview';
import { setPieArtistBan, setPieArtistInclusion, updateOwnPieSettings } from '../services/pie/pie-settings';
import { readPieDetail } from '../services/pie/pie-receipt';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-pie', fanPieContracts, {
  // The fan's current pie, and a fan's pies (another fan's only as their visibility allows).
  'GET /api/pie/active': async ({ principal }) =>
    ok(await readActivePie(pieDependencies(), principal.userId)),
  'GET /api/pie/user/{id}/pies': async ({ params, principal }) =>
    ok(await listPiesOfFan(pieDependencies(), principal.userId, params.id)),
  // The live split of the fan's own pie, with the query's settings as a what-if (not saved); or its forecast from the
  // fan's last 30 days while it has no listening of its own.
  'GET /api/pie/{pieId}/realtime-stats': async ({ params, query, principal }) =>
    ok(await previewPieSplit(pieDependencies(), principal.userId, params.pieId, query, query.forecast)),
  // A pie in the realtime-stats shape: its live preview, or once split its receipt.
  'GET /api/pie/pie/{id}': async ({ params, principal }) =>
    ok(await readPieDetail(pieDependencies(), principal.userId, params.id)),
  // The fan's choices (settings of an open pie, bans for every pie, one pie's inclusions).
  'PATCH /api/pie/{pieId}': async ({ params, body, principal }) =>
    ok(await updateOwnPieSettings(pieDependencies(), principal.userId, params.pieId, body)),
  'PATCH /api/pie/artist/{id}/ban': async ({ params, body, principal }) =>
    ok(await setPieArtistBan(pieDependencies(), principal.userId, params.id, body.value)),
  'PATCH /api/pie/artist/{id}/set-inclusion': async ({ params, body, principal }) =>
    ok(await setPieArtistInclusion(pieDependencies(), principal.userId, params.id, body)),
  // What a pie of the fan's own counts, day by day, and the plays near it that it does not count.
  'GET /api/pie/active/{id}': async ({ params, principal }) =>
    ok(await readPieActiveDetail(pieDependencies(), principal.userId, params.id)),
  'GET /api/pie/{pieId}/daily-listening': async ({ params, principal }) =>
    ok(await readPieDailyListening(pieDependencies(), principal.userId, params.pieId)),
  'GET /api/pie/{pieId}/orphaned-tracks': async ({ params, query, principal }) =>
    ok(await readPieOrphanedTracks(pieDependencies(), principal.userId, params.pieId, query)),
});
