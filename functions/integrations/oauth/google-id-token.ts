// Google's identity comes from its id_token, checked like any other signed token: signature against Google's
// published keys (JWKS, fetched and cached by jose, refetched when Google rotates), issuer, audience = our client
// id, expiry and the nonce we sealed into the state cookie. The userinfo reply alone proves nothing.
import type { JWTVerifyGetKey } from 'jose';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import * as z from 'zod/mini';
import { SocialProviderUnavailable, SocialSignInFailed } from './errors';

export const googleIdTokenClaimsSchema = z.looseObject({
  sub: z.string().check(z.minLength(1), z.maxLength(255)),
  email: z.optional(z.string()),
  // Older Google tokens carried the flag as a string.
  email_verified: z.optional(z.union([z.boolean(), z.enum(['true', 'false'])])),
  name: z.optional(z.string()),
  nonce: z.optional(z.string()),
  /** The Google Workspace domain of the account; absent for consumer accounts. */
  hd: z.optional(z.string()),
});
export type GoogleIdTokenClaims = z.infer<typeof googleIdTokenClaimsSchema>;

export interface IdTokenExpectations {
  jwksUrl: string;
  issuers: string[];
  clientId: string;
  nonce: string | undefined;
  now: Date;
  timeoutMs: number;
}

// One key set per JWKS URL for the life of the Lambda instance, so warm invocations do not refetch Google's keys.
const keySets = new Map<string, JWTVerifyGetKey>();

function keySetFor(jwksUrl: string, timeoutMs: number): JWTVerifyGetKey {
  let keySet = keySets.get(jwksUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: timeoutMs });
    keySets.set(jwksUrl, keySet);
  }
  return keySet;
}

export async function verifyGoogleIdToken(
  idToken: string,
  expected: IdTokenExpectations,
): Promise<GoogleIdTokenClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(idToken, keySetFor(expected.jwksUrl, expected.timeoutMs), {
      issuer: expected.issuers,
      audience: expected.clientId,
      currentDate: expected.now,
      algorithms: ['RS256', 'ES256'],
      requiredClaims: ['sub', 'iat', 'exp'],
      // Lambda's clock and Google's may disagree by a few seconds.
      clockTolerance: 30,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || !(error instanceof joseErrors.JOSEError)) {
      throw new SocialProviderUnavailable('google', error);
    }
    throw new SocialSignInFailed('google', 'id_token', `the id_token was refused (${error.code}).`, {
      cause: error,
    });
  }
  const claims = googleIdTokenClaimsSchema.safeParse(payload);
  if (!claims.success) {
    throw new SocialSignInFailed('google', 'id_token', 'the id_token lacks the expected claims.');
  }
  if (expected.nonce !== undefined && claims.data.nonce !== expected.nonce) {
    throw new SocialSignInFailed('google', 'id_token', 'the id_token was issued for another sign-in.');
  }
  return claims.data;
}
