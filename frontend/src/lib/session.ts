// Who is signed in, asked of the server: the tokens are HttpOnly cookies (DESIGN §6), so the browser's script
// cannot know by itself. Each area's guard (app/guards.ts) asks its own API base; open pages ask only about an area
// the session hint names (session-hints.ts), because asking without a session would sign the visitor out elsewhere.
import { createApiClient, isApiError, type ApiClient } from './api-client';
import { apiPath } from './api-path';
import { paths } from './paths';
import {
  forgetSessionHints,
  hasSessionHint,
  listRolesEndedByUnauthorized,
  rememberSessionHint,
} from './session-hints';

export type SessionRole = 'fan' | 'artist' | 'admin';

/** The call that answers "who am I" for each role (SPEC §7). */
export const sessionEndpoints: Readonly<Record<SessionRole, string>> = {
  fan: apiPath('GET /api/user'),
  artist: apiPath('GET /api/for-artists/user'),
  admin: apiPath('GET /api/admin/profile'),
};

/** Where a visitor goes when a guarded screen needs a role they are not signed in as. */
export const signInPaths: Readonly<Record<SessionRole, string>> = {
  fan: paths.fan.login(),
  artist: paths.artist.login(),
  admin: paths.admin.login(),
};

export interface SignedInSession {
  role: SessionRole;
  /** The signed-in account as the server describes it; its shape belongs to the identity contracts. */
  account: unknown;
}

/** Replies that mean "not signed in as this role"; any other failure is the server's, and is thrown. */
const notSignedInStatuses = new Set([401, 403]);

// The guard chooses the sign-in screen itself (the admin one is /admin), so the client's own 401 navigation is off.
const sessionClient = createApiClient({ navigate: () => {} });

async function askSession(role: SessionRole, client: ApiClient): Promise<SignedInSession | null> {
  try {
    const account = await client.get<unknown>(sessionEndpoints[role]);
    rememberSessionHint(role);
    return { role, account };
  } catch (error) {
    if (isApiError(error) && notSignedInStatuses.has(error.status)) {
      // The server's 401 has just cleared these sessions' cookies (SPEC §4); a 403 ends nothing.
      if (error.status === 401) forgetSessionHints(listRolesEndedByUnauthorized(role));
      else forgetSessionHints([role]);
      return null;
    }
    throw error;
  }
}

// A guard and its area's layout load together: while one question about a role is on its way, the other shares it.
const pendingQuestions = new Map<SessionRole, Promise<SignedInSession | null>>();

/** The signed-in session of a role, or null when there is none; other failures (server down) are thrown. */
export function fetchSession(
  role: SessionRole,
  client: ApiClient = sessionClient,
): Promise<SignedInSession | null> {
  if (client !== sessionClient) return askSession(role, client);
  let pending = pendingQuestions.get(role);
  if (!pending) {
    pending = askSession(role, client).finally(() => pendingQuestions.delete(role));
    pendingQuestions.set(role, pending);
  }
  return pending;
}

/**
 * The session of a role for an open page: asked only when the hint says this browser signed in as that role, and
 * null on any failure, because an open page must show whatever the server's state.
 */
export async function fetchHintedSession(
  role: SessionRole,
  client: ApiClient = sessionClient,
): Promise<SignedInSession | null> {
  if (!hasSessionHint(role)) return null;
  try {
    return await fetchSession(role, client);
  } catch {
    return null;
  }
}
