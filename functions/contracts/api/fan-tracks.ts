import {
  dailyListeningQuerySchema,
  dailyListeningSchema,
  historyImportResultSchema,
  historyImportSchema,
} from '../listening';
import {
  fanIdParamsSchema,
  latestPlaysSchema,
  latestPlaysQuerySchema,
  popularTracksQuerySchema,
  topListQuerySchema,
  trackListeningListSchema,
} from '../listening-reads';
import { latestFetchedDateSchema } from '../spotify-sync';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';

export const fanTracksContracts = {
  'GET /api/tracks/user/latest': { query: latestPlaysQuerySchema, reply: paged(latestPlaysSchema) },
  'GET /api/tracks/user/popular': { query: popularTracksQuerySchema, reply: paged(trackListeningListSchema) },
  'GET /api/tracks/user/daily': { query: dailyListeningQuerySchema, reply: json(dailyListeningSchema) },
  'GET /api/tracks/user/latestFetchedDate': { reply: json(latestFetchedDateSchema) },
  'GET /api/tracks/user/{id}/top': {
    params: fanIdParamsSchema,
    query: topListQuerySchema,
    reply: json(trackListeningListSchema),
  },
  'POST /api/tracks/user/import': { body: historyImportSchema, reply: json(historyImportResultSchema) },
} satisfies ResourceContracts<'fan-tracks'>;
