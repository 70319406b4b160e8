// Who is calling. One check per API base, chosen by the route's role in the manifest: a route of an area accepts
// only a live session of that area (domain/identity/sessions.ts), so a fan token opens nothing under
// /api/for-artists or /api/admin. A refusal is a 401, which clears the session cookies (lib/resource.ts).
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Role } from '../../contracts/routes';
import { HttpError } from './http';
import { readSessionToken } from '../../services/cookies';
import { findSession, sessionDependencies } from '../../services/sessions';

export type PrincipalKind = 'fan' | 'artist' | 'admin';

export interface Principal {
  kind: PrincipalKind;
  userId: string;
  sessionId: string;
}

export type Authenticator = (event: APIGatewayProxyEventV2) => Promise<Principal>;

function createSessionAuthenticator(kind: PrincipalKind): Authenticator {
  return async (event) => {
    const session = await findSession(sessionDependencies(), kind, readSessionToken(kind, event));
    if (!session) throw new HttpError('unauthorized');
    return { kind, userId: session.userId, sessionId: session.sessionId };
  };
}

const authenticators: Record<PrincipalKind, Authenticator> = {
  fan: createSessionAuthenticator('fan'),
  artist: createSessionAuthenticator('artist'),
  admin: createSessionAuthenticator('admin'),
};

/** The principal a route's role requires, or null for public and signature-checked routes. */
export async function authenticate(role: Role, event: APIGatewayProxyEventV2): Promise<Principal | null> {
  if (role === 'public' || role === 'stripe-webhook') return null;
  return authenticators[role](event);
}
