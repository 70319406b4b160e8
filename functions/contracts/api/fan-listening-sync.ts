import { spotifySyncResultSchema } from '../spotify-sync';
import type { ResourceContracts } from './contract';
import { json } from './contract';

export const fanListeningSyncContracts = {
  'GET /api/tracks/user/fetchLatestFromSpotify': { reply: json(spotifySyncResultSchema) },
  'POST /api/pie/add-missing-tracks-anytime': { reply: json(spotifySyncResultSchema) },
} satisfies ResourceContracts<'fan-listening-sync'>;
