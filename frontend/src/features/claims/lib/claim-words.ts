// What the claim screens say about statuses, methods and platforms, in the artist's words.
import type {
  ClaimReply,
  VerificationMethod,
  VerificationPlatform,
} from '../../../../../functions/contracts/claims';

type ClaimStatus = ClaimReply['status'];

export const statusLabels: Readonly<Record<ClaimStatus, string>> = {
  Pending: 'Pending',
  Verified: 'Verified',
  Successful: 'Successful',
  Rejected: 'Rejected',
  Deleted: 'Deleted',
};

export const methodLabels: Readonly<Record<VerificationMethod, string>> = {
  'spotify-bio': 'A link in the artist bio on Spotify',
  'social-bio': 'The string in the bio of a social profile',
};

export const platformLabels: Readonly<Record<VerificationPlatform, string>> = {
  spotify: 'Spotify',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** Where a claim stands, in one sentence. */
export const statusSummaries: Readonly<Record<ClaimStatus, string>> = {
  Pending: 'Waiting for the verification string to appear in the bio.',
  Verified: 'We found the verification string. Our staff are reviewing the claim.',
  Successful: 'The artist is claimed by your office.',
  Rejected: 'Our staff rejected this claim.',
  Deleted: 'This claim was deleted.',
};

/** What to do while the claim is pending, for its method and platform. */
export function describeBioStep(claim: Pick<ClaimReply, 'verificationMethod' | 'selectedPlatform'>): string {
  if (claim.verificationMethod === 'spotify-bio') {
    return "Put your OpenPie link with this verification string into the artist's bio on Spotify.";
  }
  return `Put this verification string into the bio of the artist's ${platformLabels[claim.selectedPlatform]} profile.`;
}
