// What every endpoint of the OAuth sandbox works with: the request as the sandbox sees it (provider, path below the
// provider's root), the state the sandbox shares across endpoints, and the small helpers of the OAuth wire format.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BioStore } from './bios';
import type { GrantStore } from './grants';
import type { SandboxPerson } from './identities';
import type { SandboxProvider, SandboxProviderProfile } from './providers';
import type { SandboxReply } from './reply';
import { json } from './reply';

export interface SandboxCall {
  req: IncomingMessage;
  url: URL;
  method: string;
  provider: SandboxProvider;
  profile: SandboxProviderProfile;
  /** This provider's root on the sandbox, e.g. http://localhost:3000/_sandbox/oauth/google (Google's issuer). */
  base: string;
  /** The path below that root, without a leading slash. */
  path: string;
}

/** Whether an OpenPie account is linked to this person at this provider (the consent page preselects one who is not). */
export type IsLinked = (provider: SandboxProvider, person: SandboxPerson) => Promise<boolean>;

/** The state one sandbox shares across its endpoints. */
export interface SandboxContext {
  grants: GrantStore;
  /** The bios claim verification reads (bios.ts), edited on /_sandbox/oauth/bios. */
  bios: BioStore;
  /** Milliseconds since the epoch: the product's clock, so codes and tokens expire on product time. */
  clock: () => number;
  isLinked: IsLinked;
}

/** The most a form or token request body may carry. */
export const formLimitBytes = 64 * 1024;

export function isAuthorizePath(provider: SandboxProvider, path: string): boolean {
  switch (provider) {
    case 'spotify':
      return path === 'accounts/authorize';
    case 'google':
      return path === 'o/oauth2/v2/auth';
    case 'twitter':
      return path === 'i/oauth2/authorize';
    case 'facebook':
      return /^v\d+\.\d+\/dialog\/oauth$/.test(path);
  }
}

export function isTokenPath(provider: SandboxProvider, path: string): boolean {
  switch (provider) {
    case 'spotify':
      return path === 'accounts/api/token';
    case 'google':
      return path === 'token';
    case 'twitter':
      return path === '2/oauth2/token';
    case 'facebook':
      return /^v\d+\.\d+\/oauth\/access_token$/.test(path);
  }
}

export function isLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname) &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

export function withParams(base: string, params: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export function parseBasic(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const unescape = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  try {
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function safeEqual(a: string | null, b: string): boolean {
  if (a === null) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function methodNotAllowed(): SandboxReply {
  return json(405, { error: 'method_not_allowed' });
}
