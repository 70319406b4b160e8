// What staff's claim screens say about statuses, methods and platforms.
import type { StaffClaimSummary } from '@contracts/admin-claims';

export type StaffClaimStatus = StaffClaimSummary['status'];

export const staffClaimStatuses: readonly StaffClaimStatus[] = [
  'Pending',
  'Verified',
  'Successful',
  'Rejected',
  'Deleted',
];

export const staffStatusLabels: Readonly<Record<StaffClaimStatus, string>> = {
  Pending: 'Pending',
  Verified: 'Verified',
  Successful: 'Successful',
  Rejected: 'Rejected',
  Deleted: 'Deleted',
};

/** What each move does, on the button staff press. */
export const moveLabels: Readonly<Record<StaffClaimStatus, string>> = {
  Pending: 'Send back to pending',
  Verified: 'Mark verified',
  Successful: 'Approve',
  Rejected: 'Reject',
  Deleted: 'Delete',
};

export const staffMethodLabels: Readonly<Record<StaffClaimSummary['verificationMethod'], string>> = {
  'spotify-bio': 'Spotify bio link',
  'social-bio': 'Social profile bio',
};

export const staffPlatformLabels: Readonly<Record<StaffClaimSummary['selectedPlatform'], string>> = {
  spotify: 'Spotify',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

export function StaffClaimStatusBadge({ status }: { status: StaffClaimStatus }) {
  return (
    <span className={`badge staff-claims__status staff-claims__status--${status.toLowerCase()}`}>
      {staffStatusLabels[status]}
    </span>
  );
}
