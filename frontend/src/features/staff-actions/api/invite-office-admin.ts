// POST /api/admin/offices/{id}/admin-invitation: staff hand an office with no admin to a new admin by invitation.
import type { StaffAdminInvitationBody, StaffAdminInvitationReply } from '@contracts/admin-audit';
import { apiClient } from '../../../lib/api-client';

export function inviteOfficeAdmin(
  officeId: string,
  body: StaffAdminInvitationBody,
): Promise<StaffAdminInvitationReply> {
  return apiClient.call('POST /api/admin/offices/{id}/admin-invitation', { params: { id: officeId }, body });
}
