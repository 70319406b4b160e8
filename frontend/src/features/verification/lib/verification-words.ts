// What the verification step and its result pages say (decision 027), in the artist's words.
import type { VerificationPlatform } from '@contracts/claims';
import type { SocialVerificationPlatform, VerificationFailureReason } from '@contracts/verification';

export const platformNames: Readonly<Record<VerificationPlatform, string>> = {
  spotify: 'Spotify',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** Where each platform's profile is connected: YouTube through Google, Instagram through Facebook. */
export const connectsThrough: Readonly<Record<SocialVerificationPlatform, string>> = {
  twitter: 'X',
  youtube: 'Google',
  facebook: 'Facebook',
  instagram: 'Facebook',
};

export const verificationText = {
  title: 'Verify the claim',
  doneTitle: 'Verification',
  intro:
    'Put the verification string in a bio, then let us check it. We look at the bio only to find the string.',
  spotifyTitle: 'Your Spotify artist bio',
  spotifyHint:
    "Add your OpenPie link (it carries the verification string) to the artist's bio on Spotify, then check it here.",
  spotifyUrl: "The artist's Spotify link",
  openPieLink: 'Your OpenPie link',
  openPieHint: 'Put exactly this link into the bio on Spotify.',
  copyLink: 'Copy the link',
  linkCopied: 'Link copied',
  checkSpotify: 'Check my Spotify bio',
  checking: 'Checking...',
  spotifyFound:
    'We found your OpenPie link in the Spotify bio. The claim is verified; our staff review it next.',
  spotifyMissed: 'We did not find the link yet.',
  spotifyFailed: 'We could not check the Spotify bio. Please try again.',
  socialTitle: 'A social profile',
  socialHint:
    "Put the verification string into the bio of the artist's profile, then connect the profile. We read its bio once and keep no access.",
  connecting: 'Opening...',
  connectFailed: 'We could not start the connection. Please try again.',
  adminOnly: 'An admin of the office verifies the claim.',
  attemptsTitle: 'Verification attempts',
  attemptsCaption: 'Every check of a bio for this claim, oldest first',
  when: 'When',
  where: 'Where',
  what: 'What we checked',
  outcome: 'Result',
  found: 'Found',
  notFound: 'Not found',
  sandboxHint: 'Running OpenPie locally? Set the bios on the',
  sandboxLink: 'sandbox bio page',
} as const;

export function describeConnect(platform: SocialVerificationPlatform): string {
  return `Connect ${platformNames[platform]}`;
}

export const resultText = {
  back: 'Back to the claim',
  artists: 'Your artists',
  tryAgain: 'Try again',
  loading: 'Loading the claim...',
  whatWeRead: 'What we read',
  successNext: 'Our staff review verified claims. Keep the string in the bio until the claim is successful.',
  fixTitle: 'How to fix it',
} as const;

export function describeSuccessTitle(platform: SocialVerificationPlatform): string {
  return `${platformNames[platform]} verification succeeded`;
}

export function describeFailureTitle(platform: SocialVerificationPlatform): string {
  return `${platformNames[platform]} verification failed`;
}

export function describeSuccess(platform: SocialVerificationPlatform, artistName: string | null): string {
  return `We found your verification string in the ${platformNames[platform]} bio${
    artistName ? `, so your claim of ${artistName} is verified` : ' and verified the claim'
  }.`;
}

/** Why a verification failed, for the failed result page. */
export function describeFailure(
  platform: SocialVerificationPlatform,
  reason: VerificationFailureReason | undefined,
): string {
  const name = platformNames[platform];
  switch (reason) {
    case 'not_found':
      return `We read your ${name} profile, but the verification string is not in its bio.`;
    case 'no_profile':
      return `The ${connectsThrough[platform]} account you connected has no ${name} profile with a bio we could read.`;
    case 'cancelled':
      return `You cancelled the connection at ${connectsThrough[platform]}, so we could not read the bio.`;
    case 'expired':
      return 'The connection took too long. Please start again from the claim.';
    case 'invalid_state':
      return 'We could not match this connection to one you started. Please start again from the claim.';
    case 'unavailable':
      return `${connectsThrough[platform]} is not answering right now. Please try again later.`;
    case 'not_pending':
      return 'This claim is no longer pending, so it does not need verifying again.';
    case 'rate_limited':
      return 'Too many verification attempts for this claim. Please wait an hour and try again.';
    default:
      return `The connection with ${connectsThrough[platform]} failed. Please try again.`;
  }
}

export function describeFix(platform: SocialVerificationPlatform, verificationString: string | null): string {
  const what = verificationString ?? 'the verification string';
  return `Put ${what} into the bio of the artist's ${platformNames[platform]} profile, save it there, then try again.`;
}
