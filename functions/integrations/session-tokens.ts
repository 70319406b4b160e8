// Session tokens: HS256 JWTs signed and checked with jose. Verification pins the algorithm, the issuer and the
// area's audience, so an unsigned token, another algorithm or another area's token is refused here.
import { errors, jwtVerify, SignJWT } from 'jose';

export interface SessionTokenInput {
  issuer: string;
  audience: string;
  userId: string;
  sessionId: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface VerifiedSessionToken {
  userId: string;
  sessionId: string;
  expiresAt: Date;
}

export interface SessionTokenExpectations {
  issuer: string;
  audience: string;
  now: Date;
}

const algorithm = 'HS256';
/** HS256 keys shorter than the hash (256 bits) weaken it (RFC 7518 §3.2). */
export const minimumSigningKeyBytes = 32;

export function importSigningKey(secret: string): Uint8Array {
  const key = new TextEncoder().encode(secret);
  if (key.byteLength < minimumSigningKeyBytes) {
    throw new Error(`The JWT signing key must be at least ${minimumSigningKeyBytes} bytes.`);
  }
  return key;
}

export async function signSessionToken(key: Uint8Array, input: SessionTokenInput): Promise<string> {
  return new SignJWT({ sid: input.sessionId })
    .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
    .setIssuer(input.issuer)
    .setAudience(input.audience)
    .setSubject(input.userId)
    .setIssuedAt(Math.floor(input.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
    .sign(key);
}

/** The token's claims when it is genuine, current and for this area; null otherwise. */
export async function verifySessionToken(
  key: Uint8Array,
  token: string,
  expected: SessionTokenExpectations,
): Promise<VerifiedSessionToken | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [algorithm],
      issuer: expected.issuer,
      audience: expected.audience,
      currentDate: expected.now,
      requiredClaims: ['sub', 'exp', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.exp === undefined) {
      return null;
    }
    return { userId: payload.sub, sessionId: payload.sid, expiresAt: new Date(payload.exp * 1000) };
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
    throw error;
  }
}
