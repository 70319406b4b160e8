// The verification string a claim is proven with: `openpie_` and 8 letters and digits drawn uniformly.
// The randomness is passed in (domain code reads no crypto, clock or network), so the rule is tested with fixed bytes.
import {
  verificationPlatforms,
  verificationStringAlphabet,
  verificationStringPattern,
  verificationStringPrefix,
  verificationStringRandomLength,
} from '../../contracts/claims';
import type { VerificationMethod, VerificationPlatform } from '../../contracts/claims';
import { AppError } from '../errors';

/** Fills a buffer of `size` random bytes (node:crypto's randomBytes, the browser's getRandomValues). */
export type RandomBytes = (size: number) => Uint8Array;

/** The largest multiple of the alphabet's size below 256: bytes from it up are dropped, so no character is likelier. */
const unbiasedLimit = 256 - (256 % verificationStringAlphabet.length);

/** `openpie_` + 8 random letters and digits (about 47.6 bits: guessing one is hopeless). */
export function generateVerificationString(randomBytes: RandomBytes): string {
  let drawn = '';
  while (drawn.length < verificationStringRandomLength) {
    for (const byte of randomBytes(verificationStringRandomLength * 2)) {
      if (byte >= unbiasedLimit) continue;
      drawn += verificationStringAlphabet.charAt(byte % verificationStringAlphabet.length);
      if (drawn.length === verificationStringRandomLength) break;
    }
  }
  return `${verificationStringPrefix}${drawn}`;
}

export function isVerificationString(value: string): boolean {
  return verificationStringPattern.test(value);
}

const socialPlatforms: readonly VerificationPlatform[] = verificationPlatforms.filter(
  (platform) => platform !== 'spotify',
);

/** The platforms a method reads the bio on: Spotify's artist page, or one of the four social profiles. */
export function platformsOfMethod(method: VerificationMethod): readonly VerificationPlatform[] {
  return method === 'spotify-bio' ? ['spotify'] : socialPlatforms;
}

/** A platform the chosen method cannot read is a 422 on `selectedPlatform`. */
export function checkVerificationChoice(method: VerificationMethod, platform: VerificationPlatform): void {
  if (!platformsOfMethod(method).includes(platform)) {
    throw new AppError('validation_failed', undefined, {
      fields: {
        selectedPlatform:
          method === 'spotify-bio'
            ? 'The Spotify bio is checked on Spotify: choose Spotify'
            : 'Choose X, YouTube, Facebook or Instagram',
      },
    });
  }
}
