// Who is signed in, asked of the server: the tokens are HttpOnly cookies (DESIGN §6), so the browser's script
// cannot know by itself. Each area's guard (app/guards.ts) asks its own API base.
import { createApiClient, isApiError, type ApiClient } from './api-client';
import { apiPaths, paths } from './paths';

export type SessionRole = 'fan' | 'artist' | 'admin';

/** The call that answers "who am I" for each role (SPEC §7). */
export const sessionEndpoints: Readonly<Record<SessionRole, string>> = {
  fan: apiPaths.fan('/user'),
  artist: apiPaths.artist('/user'),
  admin: apiPaths.admin('/profile'),
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

/**
 * Replies that mean "not signed in as this role". 501 is there while a session call is not built yet, so guarded
 * screens behave as they will for an anonymous visitor instead of failing.
 */
const notSignedInStatuses = new Set([401, 403, 501]);

// The guard chooses the sign-in screen itself (the admin one is /admin), so the client's own 401 navigation is off.
const sessionClient = createApiClient({ navigate: () => {} });

/** The signed-in session of a role, or null when there is none; other failures (server down) are thrown. */
export async function fetchSession(
  role: SessionRole,
  client: ApiClient = sessionClient,
): Promise<SignedInSession | null> {
  try {
    const account = await client.get<unknown>(sessionEndpoints[role]);
    return { role, account };
  } catch (error) {
    if (isApiError(error) && notSignedInStatuses.has(error.status)) return null;
    throw error;
  }
}
