import {
  artistDetailsSchema,
  artistIdParamsSchema,
  artistSummaryListSchema,
  artistTopTracksSchema,
  catalogueArtistsQuerySchema,
  fanArtistDetailsSchema,
} from '../artists';
import {
  artistListeningListSchema,
  fanArtistsQuerySchema,
  fanIdParamsSchema,
  fanUserIdParamsSchema,
  recentArtistListSchema,
  recentArtistsQuerySchema,
  topListQuerySchema,
} from '../listening-reads';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';

export const fanArtistsContracts = {
  'GET /api/artists': { query: catalogueArtistsQuerySchema, reply: paged(artistSummaryListSchema) },
  'GET /api/artists/details/{id}': { params: artistIdParamsSchema, reply: json(artistDetailsSchema) },
  'GET /api/artists/{id}/top-tracks': { params: artistIdParamsSchema, reply: json(artistTopTracksSchema) },
  'GET /api/artists/details/user/{id}': { params: artistIdParamsSchema, reply: json(fanArtistDetailsSchema) },
  'GET /api/artists/user': { query: fanArtistsQuerySchema, reply: paged(artistListeningListSchema) },
  'GET /api/artists/user/{id}/top': {
    params: fanIdParamsSchema,
    query: topListQuerySchema,
    reply: json(artistListeningListSchema),
  },
  'GET /api/artists/recent-listened': {
    query: recentArtistsQuerySchema,
    reply: json(recentArtistListSchema),
  },
  'GET /api/artists/recent-listened/{userId}': {
    params: fanUserIdParamsSchema,
    query: recentArtistsQuerySchema,
    reply: json(recentArtistListSchema),
  },
} satisfies ResourceContracts<'fan-artists'>;
