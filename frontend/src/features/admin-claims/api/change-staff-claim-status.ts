// PATCH /api/admin/claims/{id}/status: staff move a claim to a status the state machine allows, with a reason; an
// approval releases what is held for the artist to the office.
import type { StaffClaimDecision } from '@contracts/admin-claims';
import type { RouteRequestBody } from '@contracts/api/index';
import { apiClient } from '../../../lib/api-client';

export type StaffClaimStatusChange = RouteRequestBody<'PATCH /api/admin/claims/{id}/status'>;

export function changeStaffClaimStatus(
  id: string,
  body: StaffClaimStatusChange,
): Promise<StaffClaimDecision> {
  return apiClient.call('PATCH /api/admin/claims/{id}/status', { params: { id }, body });
}
