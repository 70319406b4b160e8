// The calls behind the team screens (SPEC §7 "Members", decision 026): an office's members and pending
// invitations, inviting and inviting again, roles, removing someone, and the artists assigned to a member. The
// offices list shares its SWR key with the other artist screens, so a change of members refreshes it everywhere
// (SPEC §7: office and member changes refresh user and artist data).
import useSWR, { useSWRConfig } from 'swr';
import type { ClaimReply } from '@contracts/claims';
import type {
  MemberArtistsReply,
  OfficeInvitationReply,
  OfficeMemberEntryReply,
  OfficeMemberReply,
} from '@contracts/offices';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

import type { OfficeRole } from '../../../lib/offices';
import { officesUrl } from '../../../lib/offices';

export type { OfficeRole };

/** Retrying a refusal (403/404) changes nothing: only a server failure is worth another try. */
const retryServerFailures = {
  shouldRetryOnError: (error: unknown) => !(isApiError(error) && error.status < 500),
};

export function officeMembersUrl(officeId: string): string {
  return apiPath('GET /api/for-artists/offices/{officeId}/members', { params: { officeId } });
}

export function useOfficeMembers(officeId: string | null) {
  return useSWR<OfficeMemberEntryReply[], unknown>(
    officeId ? officeMembersUrl(officeId) : null,
    (url: string) => apiClient.get<OfficeMemberEntryReply[]>(url),
    retryServerFailures,
  );
}

export function memberArtistsUrl(officeId: string, userId: string): string {
  return apiPath('GET /api/for-artists/offices/{officeId}/members/{member}/artists', {
    params: { officeId, member: userId },
  });
}

export function useMemberArtists(officeId: string | null, userId: string | null) {
  return useSWR<MemberArtistsReply, unknown>(
    officeId && userId ? memberArtistsUrl(officeId, userId) : null,
    (url: string) => apiClient.get<MemberArtistsReply>(url),
    retryServerFailures,
  );
}

/** The office's claims, to choose the artists a member looks after (only admins assign, and they see them all). */
export function useAssignableClaims(officeId: string | null) {
  return useSWR<ClaimReply[], unknown>(
    officeId ? apiPath('GET /api/for-artists/claims', { query: { officeId } }) : null,
    (url: string) => apiClient.get<ClaimReply[]>(url),
    retryServerFailures,
  );
}

/** After any change of members: the member list and the offices (whose replies carry the members) again. */
export function useTeamRefresh() {
  const { mutate } = useSWRConfig();
  return {
    refreshTeam: async (officeId: string) => {
      await Promise.all([mutate(officeMembersUrl(officeId)), mutate(officesUrl())]);
    },
    setMemberArtists: async (officeId: string, userId: string, reply: MemberArtistsReply) => {
      await mutate(memberArtistsUrl(officeId, userId), reply, { revalidate: false });
    },
  };
}

export function inviteMember(
  officeId: string,
  input: { email: string; role: OfficeRole },
): Promise<OfficeMemberEntryReply> {
  return apiClient.post<OfficeMemberEntryReply>(
    apiPath('POST /api/for-artists/offices/{officeId}/members', { params: { officeId } }),
    input,
  );
}

export function resendInvitation(officeId: string, email: string): Promise<OfficeInvitationReply> {
  return apiClient.post<OfficeInvitationReply>(
    apiPath('POST /api/for-artists/offices/{officeId}/resend-invitation', { params: { officeId } }),
    { email },
  );
}

export function changeMemberRole(
  officeId: string,
  userId: string,
  role: OfficeRole,
): Promise<OfficeMemberReply> {
  return apiClient.patch<OfficeMemberReply>(
    apiPath('PATCH /api/for-artists/offices/{officeId}/members/{member}/role', {
      params: { officeId, member: userId },
    }),
    { role },
  );
}

/** Removes a member, or withdraws the pending invitation of that address. */
export function removeMember(
  officeId: string,
  email: string,
): Promise<OfficeMemberReply | OfficeMemberEntryReply> {
  return apiClient.delete<OfficeMemberReply | OfficeMemberEntryReply>(
    apiPath('DELETE /api/for-artists/offices/{officeId}/members/{member}', {
      params: { officeId, member: email },
    }),
  );
}

export function assignArtists(
  officeId: string,
  userId: string,
  artistIds: string[],
): Promise<MemberArtistsReply> {
  return apiClient.post<MemberArtistsReply>(
    apiPath('POST /api/for-artists/offices/{officeId}/members/{member}/artists', {
      params: { officeId, member: userId },
    }),
    { artistIds },
  );
}

export function unassignArtist(
  officeId: string,
  userId: string,
  artistId: string,
): Promise<MemberArtistsReply> {
  return apiClient.delete<MemberArtistsReply>(
    apiPath('DELETE /api/for-artists/offices/{officeId}/members/{member}/artists/{artistId}', {
      params: { officeId, member: userId, artistId },
    }),
  );
}
