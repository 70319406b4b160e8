// DELETE /api/for-artists/offices/{officeId}: deletes the office and everyone's membership of it (refused while it
// still holds money or claims).
import { apiClient } from '../../../lib/api-client';

export function deleteOffice(officeId: string) {
  return apiClient.call('DELETE /api/for-artists/offices/{officeId}', { params: { officeId } });
}
