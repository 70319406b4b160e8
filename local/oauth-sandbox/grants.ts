// What the sandbox remembers, in memory: authorization requests waiting on the consent page, authorization codes
// (single use, two minutes), and the access and refresh tokens it issued. A restart forgets them all, as if every
// token had been revoked.
import { randomBytes } from 'node:crypto';
import type { SandboxPerson } from './identities';
import type { SandboxProvider } from './providers';

export interface AuthorizationRequest {
  id: string;
  provider: SandboxProvider;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  codeChallenge: string;
  nonce: string | undefined;
  accessType: string | undefined;
  expiresAt: number;
}

export interface Grant {
  provider: SandboxProvider;
  clientId: string;
  person: SandboxPerson;
  scopes: string[];
  nonce: string | undefined;
  accessType: string | undefined;
  /** A client credentials grant: OpenPie itself, no listener behind it (Spotify catalogue calls only). */
  appOnly?: true;
}

export interface CodeRecord extends Grant {
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
  used: boolean;
  /** Tokens issued for this code, revoked if the code is ever presented again (RFC 6749 §4.1.2). */
  issued: string[];
}

export interface AccessTokenRecord extends Grant {
  expiresAt: number;
}

export const requestLifetimeMs = 10 * 60 * 1000;
export const codeLifetimeMs = 2 * 60 * 1000;

export class GrantStore {
  private readonly requests = new Map<string, AuthorizationRequest>();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, AccessTokenRecord>();
  private readonly refreshTokens = new Map<string, Grant>();
  /** `provider:email` of everyone granted a code or a kept token: whom this sandbox has seen linked. */
  private readonly approved = new Set<string>();

  constructor(private readonly clock: () => number) {}

  saveRequest(request: Omit<AuthorizationRequest, 'id' | 'expiresAt'>): AuthorizationRequest {
    this.forgetExpired();
    const saved = { ...request, id: newSecret(), expiresAt: this.clock() + requestLifetimeMs };
    this.requests.set(saved.id, saved);
    return saved;
  }

  findRequest(id: string, provider: SandboxProvider): AuthorizationRequest | undefined {
    const request = this.requests.get(id);
    if (!request || request.provider !== provider || request.expiresAt <= this.clock()) return undefined;
    return request;
  }

  /** The person decided; the request cannot be answered twice. */
  closeRequest(id: string): void {
    this.requests.delete(id);
  }

  issueCode(request: AuthorizationRequest, person: SandboxPerson): string {
    const code = newSecret();
    this.approved.add(approvalKey(request.provider, person.email));
    this.codes.set(code, {
      provider: request.provider,
      clientId: request.clientId,
      person,
      scopes: request.scopes,
      nonce: request.nonce,
      accessType: request.accessType,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      expiresAt: this.clock() + codeLifetimeMs,
      used: false,
      issued: [],
    });
    return code;
  }

  /**
   * Takes a code for exchange. A code seen before is refused and everything issued for it revoked, since a replay
   * means someone else has it too.
   */
  redeemCode(code: string, provider: SandboxProvider): CodeRecord | 'unknown' | 'replayed' | 'expired' {
    const record = this.codes.get(code);
    if (!record || record.provider !== provider) return 'unknown';
    if (record.used) {
      for (const token of record.issued) this.revoke(token);
      return 'replayed';
    }
    record.used = true;
    if (record.expiresAt <= this.clock()) return 'expired';
    return record;
  }

  issueAccessToken(grant: Grant, lifetimeSeconds: number, code?: CodeRecord): string {
    const token = newSecret();
    this.accessTokens.set(token, { ...grant, expiresAt: this.clock() + lifetimeSeconds * 1000 });
    code?.issued.push(token);
    return token;
  }

  issueRefreshToken(grant: Grant, code?: CodeRecord): string {
    const token = newSecret();
    this.refreshTokens.set(token, grant);
    code?.issued.push(token);
    return token;
  }

  findAccessToken(token: string, provider: SandboxProvider): AccessTokenRecord | 'unknown' | 'expired' {
    const record = this.accessTokens.get(token);
    if (!record || record.provider !== provider) return 'unknown';
    return record.expiresAt <= this.clock() ? 'expired' : record;
  }

  findRefreshToken(token: string, provider: SandboxProvider): Grant | undefined {
    const record = this.refreshTokens.get(token);
    return record && record.provider === provider ? record : undefined;
  }

  /** A refresh token fixed in advance (the demo fan's, which must outlive restarts of the sandbox). */
  keepRefreshToken(token: string, grant: Grant): void {
    this.refreshTokens.set(token, grant);
    this.approved.add(approvalKey(grant.provider, grant.person.email));
  }

  /** Whether this person approved (or was given a kept token for) the provider since the sandbox started. */
  hasApproved(provider: SandboxProvider, email: string): boolean {
    return this.approved.has(approvalKey(provider, email));
  }

  /** Revokes every token of the provider whose grant matches, as a person removing the app at the provider does. */
  revokeWhere(provider: SandboxProvider, matches: (grant: Grant) => boolean): number {
    let revoked = 0;
    for (const store of [this.accessTokens, this.refreshTokens] as Map<string, Grant>[]) {
      for (const [token, grant] of store) {
        if (grant.provider === provider && matches(grant)) {
          store.delete(token);
          revoked += 1;
        }
      }
    }
    return revoked;
  }

  revoke(token: string): void {
    this.accessTokens.delete(token);
    this.refreshTokens.delete(token);
  }

  private forgetExpired(): void {
    const now = this.clock();
    for (const [id, request] of this.requests) if (request.expiresAt <= now) this.requests.delete(id);
    for (const [code, record] of this.codes)
      if (record.expiresAt + codeLifetimeMs <= now) this.codes.delete(code);
    for (const [token, record] of this.accessTokens)
      if (record.expiresAt <= now) this.accessTokens.delete(token);
  }
}

function approvalKey(provider: SandboxProvider, email: string): string {
  return `${provider}:${email.toLowerCase()}`;
}

function newSecret(): string {
  return randomBytes(32).toString('base64url');
}
