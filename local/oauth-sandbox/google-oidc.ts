// Google's OpenID Connect side: a signing key made fresh for each process (as if Google had just rotated), its
// JWKS, the discovery document and signed id_tokens.
import type { CryptoKey, JWK } from 'jose';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { Grant } from './grants';
import { googleSubjectOf, hostedDomainOf } from './identities';

interface SigningKey {
  privateKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
}

let signingKey: Promise<SigningKey> | undefined;

function loadSigningKey(): Promise<SigningKey> {
  signingKey ??= (async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    return { privateKey, publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' }, kid };
  })();
  return signingKey;
}

export async function buildJwks(): Promise<{ keys: JWK[] }> {
  return { keys: [(await loadSigningKey()).publicJwk] };
}

export function buildDiscoveryDocument(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/v1/userinfo`,
    jwks_uri: `${issuer}/oauth2/v3/certs`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    claims_supported: [
      'aud',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'hd',
      'iat',
      'iss',
      'name',
      'nonce',
      'sub',
    ],
    code_challenge_methods_supported: ['plain', 'S256'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
  };
}

/** The claims Google would give for this grant: profile and e-mail only when those scopes were granted. */
export function buildUserClaims(grant: Grant): Record<string, unknown> {
  const claims: Record<string, unknown> = { sub: googleSubjectOf(grant.person.email) };
  if (grant.scopes.includes('email')) {
    claims.email = grant.person.email;
    claims.email_verified = true;
    const hd = hostedDomainOf(grant.person.email);
    if (hd) claims.hd = hd;
  }
  if (grant.scopes.includes('profile')) {
    const [given, ...family] = grant.person.name.split(' ');
    claims.name = grant.person.name;
    claims.given_name = given;
    if (family.length > 0) claims.family_name = family.join(' ');
  }
  return claims;
}

export async function signIdToken(grant: Grant, issuer: string, nowMs: number): Promise<string> {
  const key = await loadSigningKey();
  const issuedAt = Math.floor(nowMs / 1000);
  return new SignJWT({
    ...buildUserClaims(grant),
    azp: grant.clientId,
    ...(grant.nonce ? { nonce: grant.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(grant.clientId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(key.privateKey);
}
