// POST /api/admin/escrow/process-payouts: escrow aging now, with staff's reason (an audit entry).
import type { ProcessPayoutsResult } from '../../../../../functions/contracts/admin-escrow';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function runEscrowAging(payload: { reason: string }): Promise<ProcessPayoutsResult> {
  return apiClient.post<ProcessPayoutsResult>(apiPath('POST /api/admin/escrow/process-payouts'), payload);
}
