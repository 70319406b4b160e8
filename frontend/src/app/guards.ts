// The fan, artist-only and admin-only guards of SPEC §2, as route loaders: they ask the server who is signed in
// before a guarded screen renders, and send anyone else to that role's sign-in screen. A loader (not a component)
// means no guarded screen ever flashes for a visitor who is about to be redirected.
import type { LoaderFunctionArgs } from 'react-router-dom';
import { redirect, useRouteLoaderData } from 'react-router-dom';
import { paths } from '../lib/paths';
import { withReturnPath } from '../lib/return-path';
import { fetchSession, signInPaths, type SessionRole, type SignedInSession } from '../lib/session';

/** Route ids of the guarded layout routes; their loader data is the signed-in session. */
export const guardRouteIds: Readonly<Record<SessionRole, string>> = {
  fan: 'fan-session',
  artist: 'artist-session',
  admin: 'admin-session',
};

/**
 * SPEC §5: an artist-side profile is complete only with first_name, last_name, phone_number and country. The server
 * applies that rule and says `profile_complete`; only an explicit false counts, so a reply without the flag is no
 * reason to hold anyone back.
 */
export function isIncompleteArtistProfile(account: unknown): boolean {
  return (
    typeof account === 'object' &&
    account !== null &&
    (account as { profile_complete?: unknown }).profile_complete === false
  );
}

/**
 * The loader that lets a role's screens render only for a visitor signed in as that role; anyone else goes to the
 * role's sign-in screen with `?next=` naming the screen they asked for. The artist area also sends an incomplete
 * profile to complete-registration (an open screen, so this cannot loop).
 */
export function createSessionGuard(role: SessionRole, check = fetchSession) {
  return async function loadSignedInSession({ request }: LoaderFunctionArgs): Promise<SignedInSession> {
    const session = await check(role);
    if (!session) {
      const { pathname, search } = new URL(request.url);
      throw redirect(withReturnPath(signInPaths[role], `${pathname}${search}`));
    }
    if (role === 'artist' && isIncompleteArtistProfile(session.account)) {
      throw redirect(paths.artist.completeRegistration());
    }
    return session;
  };
}

/** The session of a role while one of its guarded screens is shown; undefined on open screens. */
export function useSignedInSession(role: SessionRole): SignedInSession | undefined {
  return useRouteLoaderData(guardRouteIds[role]) as SignedInSession | undefined;
}
