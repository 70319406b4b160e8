// PATCH /api/for-artists/offices/{officeId}: renames the office or changes its type, answering the office as it now is.
import type { RouteRequestBody } from '@contracts/api/index';
import { apiClient } from '../../../lib/api-client';

export function updateOffice(
  officeId: string,
  changes: RouteRequestBody<'PATCH /api/for-artists/offices/{officeId}'>,
) {
  return apiClient.call('PATCH /api/for-artists/offices/{officeId}', { params: { officeId }, body: changes });
}
