// What a change of members reads again (SPEC §7: office and member changes refresh user and artist data): the member
// list and the offices, whose replies carry the members.
import { useSWRConfig } from 'swr';
import type { MemberArtistsReply } from '@contracts/offices';
import { officesUrl } from '../../../lib/offices';
import { memberArtistsUrl } from '../api/get-member-artists';
import { officeMembersUrl } from '../api/get-office-members';

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
