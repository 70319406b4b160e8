// POST /api/for-artists/give-back: gives part of an artist's money back to the fans who funded them.
import type { GiveBackPayload } from '@contracts/give-back';
import { apiClient } from '../../../lib/api-client';

export function postGiveBack(payload: GiveBackPayload) {
  return apiClient.call('POST /api/for-artists/give-back', { body: payload });
}
