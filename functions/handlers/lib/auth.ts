// Who is calling. One check per API base, chosen by the route's role in the manifest.
// Sessions arrive with the identity work (issue #3); until then no session can be proven, so every route
// that needs one answers 401 rather than pretending.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Role } from '../../contracts/routes';
import { HttpError } from './http';

export type PrincipalKind = 'fan' | 'artist' | 'admin';

export interface Principal {
  kind: PrincipalKind;
  userId: string;
  sessionId: string;
}

export type Authenticator = (event: APIGatewayProxyEventV2) => Promise<Principal>;

const noSessionsYet: Authenticator = async () => {
  throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
};

const authenticators: Record<PrincipalKind, Authenticator> = {
  fan: noSessionsYet,
  artist: noSessionsYet,
  admin: noSessionsYet,
};

/** The principal a route's role requires, or null for public and signature-checked routes. */
export async function authenticate(role: Role, event: APIGatewayProxyEventV2): Promise<Principal | null> {
  if (role === 'public' || role === 'stripe-webhook') return null;
  return authenticators[role](event);
}
