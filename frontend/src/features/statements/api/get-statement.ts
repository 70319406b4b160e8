// GET /api/for-artists/statements: the office's transactions or payouts of a period, written by the server as CSV.
import type { RouteQuery } from '@contracts/api/index';
import { apiClient } from '../../../lib/api-client';

export function getStatement(query: RouteQuery<'GET /api/for-artists/statements'>) {
  return apiClient.call('GET /api/for-artists/statements', { query });
}
