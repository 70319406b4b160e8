// POST /api/claims/report/{id}: a fan reports that an artist's profile was claimed by someone who should not have it.
import type { ClaimReportPayload, ClaimReportReply } from '@contracts/fan-profile';
import { apiClient } from '../../../lib/api-client';

export function reportClaim(artistId: string, payload: ClaimReportPayload): Promise<ClaimReportReply> {
  return apiClient.call('POST /api/claims/report/{id}', { params: { id: artistId }, body: payload });
}
