// What the claim screens say about statuses, methods and platforms, in the artist's words.
import type { ClaimSearchArtist } from '@contracts/artists';
import type { ClaimReply, VerificationMethod, VerificationPlatform } from '@contracts/claims';
import { formatCount, formatDate, formatMoney } from '../../../lib/format';

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

/** Where the verification string goes, in a few words: "the artist's bio on Spotify", "the Instagram bio". */
function bioOf(claim: Pick<ClaimReply, 'verificationMethod' | 'selectedPlatform'>): string {
  return claim.verificationMethod === 'spotify-bio'
    ? "the artist's bio on Spotify"
    : `the ${platformLabels[claim.selectedPlatform]} bio`;
}

/**
 * A claim's line in the office's list, true to its status: a pending claim is not "claimed" nor "verified", only
 * sent. `Claim sent Nov 27, 2026 · pending: waiting for the verification string in the artist's bio on Spotify`.
 */
export function describeClaimState(
  claim: Pick<ClaimReply, 'status' | 'createdAt' | 'verificationMethod' | 'selectedPlatform'>,
): string {
  const sent = `Claim sent ${formatDate(claim.createdAt)}`;
  switch (claim.status) {
    case 'Pending':
      return `${sent} · pending: waiting for the verification string in ${bioOf(claim)}`;
    case 'Verified':
      return `${sent} · pending: the verification string was found in ${bioOf(claim)}; our staff are reviewing the claim`;
    case 'Successful':
      return `${sent} · approved: verified through ${platformLabels[claim.selectedPlatform]}`;
    case 'Rejected':
      return `${sent} · rejected by our staff`;
    case 'Deleted':
      return `${sent} · deleted`;
  }
}

/** `jazz, soul · 12,345 followers on Spotify · 3 OpenPie fans this month`: who this artist is, beside their name. */
export function describeSearchArtist(artist: ClaimSearchArtist): string {
  const fans = artist.fansListeningThisMonth;
  return [
    artist.genres.length > 0 ? artist.genres.slice(0, 3).join(', ') : null,
    artist.followers === undefined
      ? null
      : `${formatCount(artist.followers)} ${artist.followers === 1 ? 'follower' : 'followers'} on Spotify`,
    fans === 0
      ? 'no OpenPie fans this month'
      : `${formatCount(fans)} OpenPie ${fans === 1 ? 'fan' : 'fans'} this month`,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
}

/** `Top track: Feeling Good (I Put a Spell on You)`, or null when Spotify gave none. */
export function describeTopTrack(topTrack: ClaimSearchArtist['topTrack']): string | null {
  if (!topTrack) return null;
  return `Top track: ${topTrack.name}${topTrack.albumName ? ` (${topTrack.albumName})` : ''}`;
}

/** `Waiting for them: $9.41 from 2 fans`: fans' earnings held until a claim of this artist is approved. */
export function describeHeldForArtist(held: ClaimSearchArtist['held']): string {
  if (held.cents === 0) return 'Waiting for them: nothing yet';
  return `Waiting for them: ${formatMoney(held.cents)} from ${formatCount(held.fanCount)} ${held.fanCount === 1 ? 'fan' : 'fans'}`;
}
