// Staff's claim calls (functions/contracts/admin-claims.ts, decision 028): the queue, one claim, and the decisions.
import useSWR, { useSWRConfig } from 'swr';
import type { StaffClaimDecision, StaffClaimDetail, StaffClaimSummary } from '@contracts/admin-claims';
import type { Pagination } from '@contracts/envelope';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export type StaffClaimStatus = StaffClaimSummary['status'];

/** SPEC §9: the claims list shows 20 a page. */
export const staffClaimsPageSize = 20;
/** The largest page the list call answers: the CSV reads the whole list in pages this size. */
export const staffClaimsCsvPageSize = 100;

export interface StaffClaimsFilter {
  page: number;
  status: StaffClaimStatus | null;
  search: string;
}

export interface StaffClaimsPage {
  claims: StaffClaimSummary[];
  pagination: Pagination | undefined;
}

const listPath = apiPath('GET /api/admin/claims/list');

export function staffClaimsUrl(
  { page, status, search }: StaffClaimsFilter,
  limit: number = staffClaimsPageSize,
): string {
  return apiPath('GET /api/admin/claims/list', {
    query: {
      page: String(page),
      limit: String(limit),
      ...(status ? { status } : {}),
      ...(search.trim() ? { search: search.trim() } : {}),
    },
  });
}

export async function fetchStaffClaimsPage(url: string): Promise<StaffClaimsPage> {
  const reply = await apiClient.send<StaffClaimSummary[]>(url);
  return { claims: reply.data, pagination: reply.pagination };
}

/** A page of staff's claims; the previous page stays on screen while the next loads. */
export function useStaffClaims(filter: StaffClaimsFilter) {
  return useSWR<StaffClaimsPage, unknown>(staffClaimsUrl(filter), fetchStaffClaimsPage, {
    keepPreviousData: true,
  });
}

export function staffClaimUrl(claimId: string): string {
  return apiPath('GET /api/admin/claims/{id}', { params: { id: claimId } });
}

/** One claim; an unknown claim (404) stays so, only a server failure is retried. */
export function useStaffClaim(claimId: string) {
  return useSWR<StaffClaimDetail, unknown>(
    staffClaimUrl(claimId),
    (url: string) => apiClient.get<StaffClaimDetail>(url),
    { shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500) },
  );
}

export function changeStaffClaimStatus(
  claimId: string,
  change: { status: StaffClaimStatus; reason: string },
): Promise<StaffClaimDecision> {
  return apiClient.patch<StaffClaimDecision>(
    apiPath('PATCH /api/admin/claims/{id}/status', { params: { id: claimId } }),
    change,
  );
}

export function verifyStaffClaimByHand(claimId: string, found: boolean): Promise<StaffClaimDecision> {
  return apiClient.post<StaffClaimDecision>(
    apiPath('POST /api/admin/claims/{id}/verify-bio', { params: { id: claimId } }),
    { manualVerification: found },
  );
}

/**
 * After a decision: the claim shows the server's answer at once, and every cached page of the list is fetched again
 * (a status change moves the claim between status filters).
 */
export function useClaimDecisionEffects() {
  const { mutate } = useSWRConfig();
  return async (decision: StaffClaimDecision) => {
    const { release: _release, ...detail } = decision;
    await mutate(staffClaimUrl(decision._id), detail, { revalidate: false });
    await mutate((key) => typeof key === 'string' && key.startsWith(listPath));
  };
}
