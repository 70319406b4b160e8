// The caller's offices as the artist area's office pages (team, team member, office settings, invitation) share
// them: one SWR key for the offices list, so a change made on one page shows on every other (SPEC §7), the office a
// page is about (`?office=`), and the roles in words (decision 022).
import useSWR from 'swr';
import { useSearchParams } from 'react-router-dom';
import type { OfficeReply, officeRoles } from '@contracts/offices';
import { apiClient } from './api-client';
import { apiPath } from './api-path';

export type OfficeRole = (typeof officeRoles)[number];

export const officesUrl = () => apiPath('GET /api/for-artists/offices');

export function useOffices() {
  return useSWR<OfficeReply[], unknown>(officesUrl(), () => apiClient.call('GET /api/for-artists/offices'), {
    revalidateOnFocus: false,
  });
}

/** The query parameter that carries the office from one office page to the next. */
export const officeParam = 'office';

/** The office the page is about: the one `?office=` names, else the caller's first office. */
export function useChosenOffice() {
  const offices = useOffices();
  const [search, setSearch] = useSearchParams();
  const wanted = search.get(officeParam);
  const office: OfficeReply | null =
    offices.data?.find((candidate) => candidate._id === wanted) ?? offices.data?.[0] ?? null;
  const chooseOffice = (officeId: string) => {
    const next = new URLSearchParams(search);
    next.set(officeParam, officeId);
    setSearch(next, { replace: true });
  };
  return { offices, office, chooseOffice };
}

export const roleLabels: Readonly<Record<OfficeRole, string>> = {
  admin: 'Admin',
  member: 'Member',
  accountant: 'Accountant',
};

export const roleSummaries: Readonly<Record<OfficeRole, string>> = {
  admin: 'Everything: artists, team, money and the office itself.',
  member: 'Sees the office and the artists assigned to them; cannot manage the team or money.',
  accountant: 'Reads every balance, transaction and payout; changes nothing.',
};

export const roleOrder: readonly OfficeRole[] = ['admin', 'member', 'accountant'];
