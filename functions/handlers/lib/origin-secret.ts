// In AWS the API answers only CloudFront. CloudFront adds a header with the origin secret to every request it
// forwards (infra/site.ts `originVerifyHeader`, the same name); a caller of the execute-api endpoint directly does not
// know it, so it cannot pose as CloudFront and forge CloudFront-Viewer-Address, which the per-address rate limit
// trusts (docs/decisions/013-least-privilege.md). The local runtime has no CloudFront in front of it.
import { timingSafeEqual } from 'node:crypto';
import { HttpError } from './http';

export const originVerifyHeader = 'x-openpie-origin-verify';

export interface OriginCheck {
  /** STAGE: `local` has no CloudFront, so nothing is checked there. */
  readonly stage: 'local' | 'dev' | 'prod';
  /** ORIGIN_VERIFY_SECRET: the value CloudFront sends. */
  readonly expected: string | undefined;
}

/**
 * Refuses (403) a request that did not come through CloudFront. A deployed stage without the expected value is a
 * broken deploy, not an open door: it throws an error that answers 500 rather than letting requests through.
 */
export function assertThroughCloudFront(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  check: OriginCheck,
): void {
  if (check.stage === 'local') return;
  if (!check.expected) {
    throw new Error('ORIGIN_VERIFY_SECRET is not set: this API cannot tell CloudFront from anyone else.');
  }
  const given = headers?.[originVerifyHeader];
  if (given === undefined || !isSameSecret(given, check.expected)) {
    throw new HttpError('forbidden', 'OpenPie answers only through its own site.');
  }
}

/** Compares in time independent of where the values differ, so the secret cannot be guessed byte by byte. */
function isSameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.byteLength === b.byteLength && timingSafeEqual(a, b);
}
