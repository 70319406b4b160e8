// Pies (SPEC §7).
import * as z from 'zod/mini';
import { pieSummarySchema } from '../payments';
import {
  pieActiveDetailSchema,
  pieArtistBanSchema,
  pieArtistFlagSchema,
  pieArtistInclusionReplySchema,
  pieArtistInclusionSchema,
  pieArtistParamsSchema,
  pieDailyListeningSchema,
  pieDetailSchema,
  pieOrphanedTracksQuerySchema,
  pieOrphanedTracksSchema,
  pieSettingsUpdateSchema,
  realtimeStatsQuerySchema,
  realtimeStatsSchema,
} from '../pie';
import type { ResourceContracts } from './contract';
import { json } from './contract';
import { idParams } from './fields';

const pieParams = idParams('pieId');
const idOnly = idParams('id');

export const fanPieContracts = {
  // The pie as paid for (My pies), with the split's counts once it is split.
  'GET /api/pie/active': { reply: json(z.nullable(pieSummarySchema)) },
  'GET /api/pie/active/{id}': { params: idOnly, reply: json(pieActiveDetailSchema) },
  'GET /api/pie/{pieId}/realtime-stats': {
    params: pieParams,
    query: realtimeStatsQuerySchema,
    reply: json(realtimeStatsSchema),
  },
  'GET /api/pie/{pieId}/orphaned-tracks': {
    params: pieParams,
    query: pieOrphanedTracksQuerySchema,
    reply: json(pieOrphanedTracksSchema),
  },
  'GET /api/pie/{pieId}/daily-listening': { params: pieParams, reply: json(pieDailyListeningSchema) },
  'GET /api/pie/user/{id}/pies': { params: idOnly, reply: json(z.array(pieSummarySchema)) },
  'GET /api/pie/pie/{id}': { params: idOnly, reply: json(pieDetailSchema) },
  'PATCH /api/pie/{pieId}': {
    params: pieParams,
    body: pieSettingsUpdateSchema,
    reply: json(pieSummarySchema),
  },
  'PATCH /api/pie/artist/{id}/ban': {
    params: pieArtistParamsSchema,
    body: pieArtistFlagSchema,
    reply: json(pieArtistBanSchema),
  },
  'PATCH /api/pie/artist/{id}/set-inclusion': {
    params: pieArtistParamsSchema,
    body: pieArtistInclusionSchema,
    reply: json(pieArtistInclusionReplySchema),
  },
} satisfies ResourceContracts<'fan-pie'>;
