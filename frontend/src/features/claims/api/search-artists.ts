// GET /api/for-artists/search: the claim wizard's artist search, each artist with what tells them apart and what is
// held for them.
import useSWR from 'swr';
import type { ClaimSearchArtist } from '@contracts/artists';
import type { Pagination } from '@contracts/envelope';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** SPEC §7: the artist search answers 6 artists a page. */
export const artistSearchPageSize = 6;

export interface ArtistSearchPage {
  artists: ClaimSearchArtist[];
  pagination: Pagination | undefined;
}

function artistSearchQuery(term: string, page: number) {
  return { search_term: term, page: String(page), limit: String(artistSearchPageSize) };
}

export function artistSearchUrl(term: string, page: number): string {
  return apiPath('GET /api/for-artists/search', { query: artistSearchQuery(term, page) });
}

/** A page of the search; no call until something is typed. */
export function useArtistSearch(term: string, page: number) {
  const trimmed = term.trim();
  return useSWR<ArtistSearchPage, unknown>(
    trimmed.length > 0 ? artistSearchUrl(trimmed, page) : null,
    async () => {
      const reply = await apiClient.call('GET /api/for-artists/search', {
        query: artistSearchQuery(trimmed, page),
      });
      return { artists: reply.data, pagination: reply.pagination };
    },
    { keepPreviousData: true, revalidateOnFocus: false },
  );
}
