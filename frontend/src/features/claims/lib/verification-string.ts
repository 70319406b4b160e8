// The wizard's verification string: `openpie_` and 8 letters and digits from the browser's secure random
// source, drawn without bias the way the server's rule (domain/claims/verification-string.ts) describes.
import {
  verificationStringAlphabet,
  verificationStringPrefix,
  verificationStringRandomLength,
} from '@contracts/claims';

const unbiasedLimit = 256 - (256 % verificationStringAlphabet.length);

export function generateVerificationString(
  fill: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
  let drawn = '';
  while (drawn.length < verificationStringRandomLength) {
    for (const byte of fill(new Uint8Array(verificationStringRandomLength * 2))) {
      if (byte >= unbiasedLimit) continue;
      drawn += verificationStringAlphabet.charAt(byte % verificationStringAlphabet.length);
      if (drawn.length === verificationStringRandomLength) break;
    }
  }
  return `${verificationStringPrefix}${drawn}`;
}
