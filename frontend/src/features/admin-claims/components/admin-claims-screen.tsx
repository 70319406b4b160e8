// /admin/claims: every claim, newest first, to review and decide: a status filter, a search by artist name, 20 a
// page, on the shared staff table. The filter lives in the address (status, search, page) so a page can be shared and
// kept; the CSV holds every claim that filter matches.
import { Link } from 'react-router-dom';
import type { StaffClaimSummary } from '@contracts/admin-claims';
import { StaffListScreen } from '../../../components/staff-table/staff-list-screen';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { staffClaims } from '../api/get-staff-claims';
import {
  StaffClaimStatusBadge,
  staffClaimStatuses,
  staffMethodLabels,
  staffPlatformLabels,
  staffStatusLabels,
} from '../lib/staff-claim-words';
import '../admin-claims.css';

export const staffClaimsText = {
  title: 'Claims',
  lead: 'Every artist claim, newest first. Verified claims are waiting for your decision.',
  status: 'Status',
  anyStatus: 'Every status',
  search: 'Artist name',
  searchHint: 'A part of the name, or a claim or office id',
  caption: 'Claims, newest first',
  artist: 'Artist',
  office: 'Office',
  method: 'Verification',
  claimedOn: 'Claimed on',
  officeGone: 'Deleted office',
  loading: 'Loading claims...',
  failed: 'We could not load the claims.',
  empty: 'No claims match.',
  pages: 'Claims pages',
  csvFile: 'openpie-claims.csv',
} as const;

export function AdminClaimsScreen() {
  return (
    <StaffListScreen<StaffClaimSummary>
      words={staffClaimsText}
      choiceName="status"
      choice={{
        label: staffClaimsText.status,
        any: staffClaimsText.anyStatus,
        options: staffClaimStatuses.map((status) => ({ value: status, label: staffStatusLabels[status] })),
      }}
      tableClassName="staff-claims__table"
      columns={[
        {
          header: staffClaimsText.artist,
          rowHeader: true,
          cell: (claim) => <Link to={paths.admin.claim({ id: claim._id })}>{claim.artistName}</Link>,
        },
        { header: staffClaimsText.office, cell: (claim) => claim.officeName ?? staffClaimsText.officeGone },
        { header: staffClaimsText.status, cell: (claim) => <StaffClaimStatusBadge status={claim.status} /> },
        {
          header: staffClaimsText.method,
          cell: (claim) =>
            `${staffMethodLabels[claim.verificationMethod]} · ${staffPlatformLabels[claim.selectedPlatform]}`,
        },
        { header: staffClaimsText.claimedOn, cell: (claim) => formatDateTime(claim.createdAt) },
      ]}
      csvColumns={[
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
      ]}
      rowKey={(claim) => claim._id}
      list={staffClaims}
    />
  );
}
