// GET /api/admin/escrow/due: what escrow aging would return if it ran now, and everything held.
import useSWR from 'swr';
import type { EscrowDue } from '@contracts/admin-escrow';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const escrowDueUrl = apiPath('GET /api/admin/escrow/due');

export function useEscrowDue() {
  return useSWR<EscrowDue, unknown>(escrowDueUrl, () => apiClient.call('GET /api/admin/escrow/due'));
}
