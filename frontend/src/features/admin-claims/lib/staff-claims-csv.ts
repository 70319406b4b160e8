// The claims list as a CSV: every claim the status and search on screen match, newest first as on screen (all pages,
// not only the one shown), read 100 a call.
import type { StaffClaimSummary } from '@contracts/admin-claims';
import type { PreparedCsv } from '../../../components/csv-download';
import type { CsvColumn } from '../../../lib/csv';
import { buildCsv } from '../../../lib/csv';
import type { StaffClaimsFilter } from '../api/admin-claims-api';
import { fetchStaffClaimsPage, staffClaimsCsvPageSize, staffClaimsUrl } from '../api/admin-claims-api';

export const staffClaimsCsvFile = 'openpie-claims.csv';

const claimCsvColumns: readonly CsvColumn<StaffClaimSummary>[] = [
  { name: 'claim_id', value: (claim) => claim._id },
  { name: 'artist_id', value: (claim) => claim.artistId },
  { name: 'artist_name', value: (claim) => claim.artistName },
  { name: 'office_id', value: (claim) => claim.officeId },
  { name: 'office_name', value: (claim) => claim.officeName },
  { name: 'status', value: (claim) => claim.status },
  { name: 'verification_method', value: (claim) => claim.verificationMethod },
  { name: 'platform', value: (claim) => claim.selectedPlatform },
  { name: 'claimed_at', value: (claim) => claim.createdAt },
  { name: 'updated_at', value: (claim) => claim.updatedAt },
];

/** Every claim of the filter (its page aside), page after page; a page that fails fails the whole CSV. */
export async function prepareStaffClaimsCsv(filter: Omit<StaffClaimsFilter, 'page'>): Promise<PreparedCsv> {
  const urlOf = (page: number) => staffClaimsUrl({ ...filter, page }, staffClaimsCsvPageSize);
  const first = await fetchStaffClaimsPage(urlOf(1));
  const claims = [...first.claims];
  for (let page = 2; page <= (first.pagination?.pages ?? 1); page += 1) {
    claims.push(...(await fetchStaffClaimsPage(urlOf(page))).claims);
  }
  return { text: buildCsv(claims, claimCsvColumns), rows: claims.length };
}
