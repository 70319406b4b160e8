// The rules of verifying a claim (docs/decisions/027-claim-verification.md): which Spotify page
// the Spotify bio check reads, what counts as the proof in a bio, which scopes each social platform is connected with,
// and how many attempts a claim may make. Pure: the pages and profiles are read by the service through its ports.
import type { VerificationPlatform } from '../../contracts/claims';
import type { SocialVerificationPlatform } from '../../contracts/verification';
import { verificationPlatformLabels } from '../../contracts/verification';
import { AppError } from '../errors';
import type { ClaimStatus } from './claim-status';

export const verificationMessages = {
  spotifyUrlWrong: "Give this artist's Spotify page: https://open.spotify.com/artist/",
  linkWithoutString: 'The OpenPie link must contain the verification string',
  notPending: 'Only a pending claim can be verified.',
  tooManyAttempts: 'Too many verification attempts for this claim. Please wait an hour and try again.',
} as const;

/** At most this many attempts per claim in one clock hour: each one reads a third party on the office's behalf. */
export const maxVerificationAttemptsPerHour = 10;

/** Spotify's public artist page of an artist id (the catalogue's ids are Spotify's). */
export function spotifyArtistPageUrl(artistId: string): string {
  return `https://open.spotify.com/artist/${artistId}`;
}

/**
 * `spotifyArtistUrl` must be the claim's artist's page: Spotify's share links add `?si=…` and some carry a locale
 * segment (`/intl-de/artist/…`), which are accepted; any other artist, host or path is a 422.
 */
export function checkSpotifyArtistUrl(spotifyArtistUrl: string, artistId: string): void {
  let url: URL | null;
  try {
    url = new URL(spotifyArtistUrl.trim());
  } catch {
    url = null;
  }
  const path = url?.pathname.replace(/^\/intl-[a-z]{2}(-[a-z]{2})?(?=\/)/i, '').replace(/\/+$/, '');
  if (
    !url ||
    url.protocol !== 'https:' ||
    url.hostname !== 'open.spotify.com' ||
    path !== `/artist/${artistId}`
  ) {
    throw new AppError('validation_failed', undefined, {
      fields: { spotifyArtistUrl: `${verificationMessages.spotifyUrlWrong}${artistId}` },
    });
  }
}

/** The OpenPie link the artist put in the bio must carry the claim's verification string. */
export function checkOpenPieLink(openPieLink: string, verificationString: string): void {
  if (!containsVerificationString(openPieLink, verificationString)) {
    throw new AppError('validation_failed', undefined, {
      fields: { openPieLink: `${verificationMessages.linkWithoutString} (${verificationString})` },
    });
  }
}

/**
 * Whether a text carries the string as a whole token: `openpie_Ab3dEf9h` must not be the start of a longer string
 * (another claim's, or one typed over), and it is compared exactly (the string is case-sensitive).
 */
export function containsVerificationString(text: string, verificationString: string): boolean {
  let from = text.indexOf(verificationString);
  while (from >= 0) {
    const after = text.charAt(from + verificationString.length);
    if (!/[A-Za-z0-9]/.test(after)) return true;
    from = text.indexOf(verificationString, from + 1);
  }
  return false;
}

/** Only a pending claim is verified; a verified one waits for staff, a decided one is closed. */
export function checkClaimVerifiable(status: ClaimStatus): void {
  if (status !== 'Pending') {
    throw new AppError('conflict', verificationMessages.notPending, { code: 'claim_not_verifiable' });
  }
}

/** A short excerpt of a bio around the string (or its start), for the attempt's record and the result page. */
export function excerptBio(bio: string, verificationString: string, maxLength = 160): string {
  const flat = bio.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxLength) return flat;
  const at = Math.max(0, flat.indexOf(verificationString));
  const start = Math.max(0, Math.min(at - Math.floor(maxLength / 3), flat.length - maxLength));
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + maxLength)}${start + maxLength < flat.length ? '…' : ''}`;
}

/** A bio as one profile showed it, for deciding an attempt. */
export interface ReadBio {
  /** The page or profile that was read (a URL, or the platform's handle when it has no URL). */
  where: string;
  bio: string;
}

export interface VerificationFinding {
  found: boolean;
  /** What was checked, for the record: every page or profile read. */
  checked: string;
  /** In words for people: where the string was found, or what the bios said instead. */
  detail: string;
}

/** Decides an attempt from the bios read: found when any of them carries the string. */
export function decideVerification(
  platform: VerificationPlatform,
  bios: readonly ReadBio[],
  verificationString: string,
): VerificationFinding {
  const label = verificationPlatformLabels[platform];
  const checked = bios.map((bio) => bio.where).join(', ');
  if (bios.length === 0) {
    return {
      found: false,
      checked: `no ${label} profile`,
      detail: `The ${label} account you connected has no profile we could read a bio from.`,
    };
  }
  const match = bios.find((bio) => containsVerificationString(bio.bio, verificationString));
  if (match) {
    return {
      found: true,
      checked,
      detail: `Found ${verificationString} in the ${label} bio of ${match.where}.`,
    };
  }
  const seen = bios
    .map(
      (bio) =>
        `${bio.where}: ${bio.bio.trim() === '' ? '(empty bio)' : `"${excerptBio(bio.bio, verificationString)}"`}`,
    )
    .join('; ');
  return {
    found: false,
    checked,
    detail: `${verificationString} is not in the ${label} bio. We read ${seen}.`,
  };
}

/** The reason written in the claim's audit log when verification moves it to Verified. */
export function describeVerifiedReason(platform: VerificationPlatform, finding: VerificationFinding): string {
  return `Verification string found in the ${verificationPlatformLabels[platform]} bio (${finding.checked})`.slice(
    0,
    1000,
  );
}

/** The OAuth scopes each social platform is connected with: enough to read the bio, nothing more. */
export const verificationScopes: Readonly<Record<SocialVerificationPlatform, readonly string[]>> = {
  // users.read gives the profile's description; X requires tweet.read beside it.
  twitter: ['users.read', 'tweet.read'],
  // The channel's description; openid and profile for the id_token that names the Google account.
  youtube: ['openid', 'profile', 'https://www.googleapis.com/auth/youtube.readonly'],
  // The Pages the person manages, with their About text.
  facebook: ['public_profile', 'pages_show_list', 'pages_read_engagement'],
  // An Instagram professional account is reached through the Facebook Page it is linked to.
  instagram: ['public_profile', 'pages_show_list', 'instagram_basic'],
};
