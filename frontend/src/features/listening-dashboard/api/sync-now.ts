// GET /api/tracks/user/fetchLatestFromSpotify: "Sync now", reads the fan's newest plays from Spotify at once.
import type { SpotifySyncResult } from '@contracts/spotify-sync';
import { apiClient } from '../../../lib/api-client';

export function syncNow(): Promise<SpotifySyncResult> {
  return apiClient.call('GET /api/tracks/user/fetchLatestFromSpotify');
}
