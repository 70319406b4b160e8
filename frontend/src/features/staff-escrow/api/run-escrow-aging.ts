// POST /api/admin/escrow/process-payouts: escrow aging now, with staff's reason (an audit entry).
import type { ProcessPayoutsResult } from '@contracts/admin-escrow';
import { apiClient } from '../../../lib/api-client';

export function runEscrowAging(payload: { reason: string }): Promise<ProcessPayoutsResult> {
  return apiClient.call('POST /api/admin/escrow/process-payouts', { body: payload });
}
