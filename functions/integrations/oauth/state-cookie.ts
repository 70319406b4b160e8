// The sign-in state travels with the browser, not in the table: the `state`, the PKCE verifier, the OpenID nonce and
// what the person was doing (the intent) are sealed (AES-256-GCM, so both secret and tamper-proof) into a cookie
// that lives ten minutes and is sent only to the API. See docs/decisions/006-social-sign-in.md. It is sealed with
// node:crypto, as the token cipher seals, rather than as a JWE: only this server ever opens it, so JOSE's headers
// and algorithm choices buy nothing, and jose's JWE code weighed about 18 KB in each sign-in Lambda
// (docs/decisions/017-bundle-budget.md).
//
//   s1.<iv>.<ciphertext + tag>     (base64url; the plaintext is the JSON of the contents with `iat` and `exp`)
import { hkdfSync, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { openAesGcm, sealAesGcm } from '../crypto/aes-gcm';
import { isSecureCookieOrigin } from '../../domain/identity/sessions';
import { readCookieValue, serializeCookie } from '../http-cookies';
import type { StateProblem } from './errors';
import { socialProviders } from './providers';

export const stateCookieName = 'openpie_oauth_state';
export const stateLifetimeSeconds = 10 * 60;

const formatVersion = 's1';
/** Bound to every seal as additional data: a value sealed for another purpose or format never opens here. */
const additionalData = Buffer.from(`openpie-oauth-state.${formatVersion}`, 'utf8');

/** What the person was doing when they left for the provider; it comes back untouched with the identity. */
export const signInIntentSchema = z.object({
  /** Who is signing in: a fan, a staff member, or an artist-side user connecting Google (linking only). */
  kind: z.enum(['fan', 'artist', 'staff']),
  promo: z.optional(z.literal('try')),
  deviceType: z.optional(z.enum(['mobile', 'desktop'])),
  /** Set when a signed-in user connects another provider to their account (link-google and friends). */
  linkToUserId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** Where a fan's connection returns when it did not start on the settings page (the dashboard's connect). */
  returnTo: z.optional(z.enum(['dashboard', 'try'])),
  /** An artist-side user connecting a profile to prove a claim (decision 027): which claim, on which platform. */
  verification: z.optional(
    z.object({
      claimId: z.string().check(z.minLength(1), z.maxLength(64)),
      platform: z.enum(['twitter', 'youtube', 'facebook', 'instagram']),
    }),
  ),
});
export type SignInIntent = z.infer<typeof signInIntentSchema>;

const sealedStateSchema = z.object({
  provider: z.enum(socialProviders),
  state: z.string().check(z.minLength(16)),
  codeVerifier: z.string().check(z.minLength(43), z.maxLength(128)),
  nonce: z.optional(z.string()),
  redirectUri: z.url(),
  intent: signInIntentSchema,
});
export type SealedState = z.infer<typeof sealedStateSchema>;

export async function sealState(
  contents: SealedState,
  options: { secret: string; now: Date },
): Promise<string> {
  const iat = Math.floor(options.now.getTime() / 1000);
  const plaintext = JSON.stringify({ ...contents, iat, exp: iat + stateLifetimeSeconds });
  const { iv, body } = sealAesGcm(deriveStateKey(options.secret), plaintext, additionalData);
  return [formatVersion, iv.toString('base64url'), body.toString('base64url')].join('.');
}

const timesSchema = z.object({ iat: z.int(), exp: z.int() });

export type OpenedState = { ok: true; contents: SealedState } | { ok: false; problem: StateProblem };

/** Opens a sealed state; a forged, altered, foreign or expired one is refused with the reason. */
export async function openState(
  sealed: string | undefined,
  options: { secret: string; now: Date },
): Promise<OpenedState> {
  if (!sealed) return { ok: false, problem: 'missing_cookie' };
  const payload = openSealed(sealed, deriveStateKey(options.secret));
  const times = timesSchema.safeParse(payload);
  if (!times.success) return { ok: false, problem: 'unreadable_cookie' };
  if (times.data.exp <= Math.floor(options.now.getTime() / 1000)) return { ok: false, problem: 'expired' };
  const parsed = sealedStateSchema.safeParse(payload);
  return parsed.success ? { ok: true, contents: parsed.data } : { ok: false, problem: 'unreadable_cookie' };
}

/** The sealed JSON, or undefined for anything this server did not seal with this key, unaltered. */
function openSealed(sealed: string, key: Uint8Array): unknown {
  const parts = sealed.split('.');
  if (parts.length !== 3 || parts[0] !== formatVersion) return undefined;
  const [iv, body] = [decodeExactly(parts[1] ?? ''), decodeExactly(parts[2] ?? '')];
  if (!iv || !body) return undefined;
  try {
    return JSON.parse(openAesGcm(key, { iv, body }, additionalData)) as unknown;
  } catch {
    return undefined;
  }
}

/** base64url that decodes and encodes back to itself, so one sealed value has one spelling. */
function decodeExactly(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : undefined;
}

/** Compares the `state` the provider sent back with the sealed one, in constant time. */
export function isSameState(received: string | undefined, expected: string): boolean {
  if (!received) return false;
  const a = Buffer.from(received);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Set-Cookie header value that carries the sealed state. */
export function buildStateCookie(sealed: string, redirectUri: string): string {
  return serializeStateCookie(sealed, stateLifetimeSeconds, redirectUri);
}

/** The Set-Cookie header value that removes the state cookie: send it on every callback, success or not. */
export function buildClearedStateCookie(redirectUri: string): string {
  return serializeStateCookie('', 0, redirectUri);
}

/**
 * The state cookie's value from a request: API Gateway v2 hands cookies as `event.cookies` (["name=value", ...]);
 * a raw `Cookie` header works too.
 */
export function readStateCookie(cookies: readonly string[] | string | undefined): string | undefined {
  return readCookieValue(cookies, stateCookieName);
}

function serializeStateCookie(value: string, maxAgeSeconds: number, redirectUri: string): string {
  // Path /api/: the callback (or, for staff, the SPA's call after /admin/auth/google/callback) is an API call.
  // SameSite=Lax: the provider's redirect back is a top-level GET, which Lax still sends the cookie with.
  return serializeCookie({
    name: stateCookieName,
    value,
    maxAgeSeconds,
    path: '/api/',
    secure: needsSecureCookie(redirectUri),
  });
}

/** Secure everywhere except plain http on the developer's own machine (the session cookies' rule). */
export function needsSecureCookie(siteUrl: string): boolean {
  return isSecureCookieOrigin(new URL(siteUrl).origin);
}

const stateKeys = new Map<string, Uint8Array>();

/** A 256-bit key of its own for the state cookie, derived from the configured secret. */
function deriveStateKey(secret: string): Uint8Array {
  let key = stateKeys.get(secret);
  if (!key) {
    key = new Uint8Array(hkdfSync('sha256', secret, 'openpie', 'oauth-state-cookie-v1', 32));
    stateKeys.set(secret, key);
  }
  return key;
}
