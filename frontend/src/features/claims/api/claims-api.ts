// The artist area's claim calls (functions/contracts/claims.ts, SPEC §7 "Claims"), the offices the claims belong to,
// and the artist search the claim wizard's first step uses.
import useSWR from 'swr';
import type { ClaimSearchArtist } from '@contracts/artists';
import type { ClaimDetailReply, ClaimReply, CreateClaimPayload } from '@contracts/claims';
import type { Pagination } from '@contracts/envelope';
import type { OfficeReply } from '@contracts/offices';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** SPEC §7: the artist search answers 6 artists a page. */
export const artistSearchPageSize = 6;

export const officesUrl = () => apiPath('GET /api/for-artists/offices');

/** The caller's offices, each with their role in it (the personal office is made on the first call). */
export function useOffices() {
  return useSWR<OfficeReply[], unknown>(officesUrl(), (url: string) => apiClient.get<OfficeReply[]>(url), {
    revalidateOnFocus: false,
  });
}

export function officeClaimsUrl(officeId: string): string {
  return apiPath('GET /api/for-artists/claims', { query: { officeId } });
}

/** The claims of one office the caller sees, newest first; no call while the office is unknown. */
export function useOfficeClaims(officeId: string | null) {
  return useSWR<ClaimReply[], unknown>(officeId ? officeClaimsUrl(officeId) : null, (url: string) =>
    apiClient.get<ClaimReply[]>(url),
  );
}

export function claimDetailUrl(claimId: string): string {
  return apiPath('GET /api/for-artists/claims/{id}/detailed', { params: { id: claimId } });
}

/** A claim that is not there (404) or not the caller's stays so: only a server failure is worth retrying. */
export function useClaimDetail(claimId: string) {
  return useSWR<ClaimDetailReply, unknown>(
    claimDetailUrl(claimId),
    (url: string) => apiClient.get<ClaimDetailReply>(url),
    { shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500) },
  );
}

export function createClaim(payload: CreateClaimPayload): Promise<ClaimReply> {
  return apiClient.post<ClaimReply>(apiPath('POST /api/for-artists/claims'), payload);
}

export function deleteClaim(claimId: string): Promise<ClaimReply> {
  return apiClient.delete<ClaimReply>(
    apiPath('DELETE /api/for-artists/claims/{id}', { params: { id: claimId } }),
  );
}

export interface ArtistSearchPage {
  artists: ClaimSearchArtist[];
  pagination: Pagination | undefined;
}

export function artistSearchUrl(term: string, page: number): string {
  return apiPath('GET /api/for-artists/search', {
    query: { search_term: term, page: String(page), limit: String(artistSearchPageSize) },
  });
}

/** A page of the artist search, each artist with what tells them apart and what is held for them; no call until
 * something is typed. */
export function useArtistSearch(term: string, page: number) {
  const trimmed = term.trim();
  return useSWR<ArtistSearchPage, unknown>(
    trimmed.length > 0 ? artistSearchUrl(trimmed, page) : null,
    async (url: string) => {
      const reply = await apiClient.send<ClaimSearchArtist[]>(url);
      return { artists: reply.data, pagination: reply.pagination };
    },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
