// The fan, artist-only and admin-only guards of SPEC §2, as route loaders: they ask the server who is signed in
// before a guarded screen renders, and send anyone else to that role's sign-in screen. A loader (not a component)
// means no guarded screen ever flashes for a visitor who is about to be redirected.
import type { LoaderFunctionArgs, ShouldRevalidateFunction } from 'react-router-dom';
import { redirect, useRouteLoaderData } from 'react-router-dom';
import { paths } from '../lib/paths';
import { readReturnPath, withReturnPath } from '../lib/return-path';
import {
  fetchHintedSession,
  fetchSession,
  signInPaths,
  type SessionRole,
  type SignedInSession,
} from '../lib/session';
import { hasSessionHint } from '../lib/session-hints';

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

/** Where a signed-in visitor of a role belongs: the screen `?next=` names, else the area's home (SPEC §2, §5). */
export function selectLandingAfterSignIn(
  role: SessionRole,
  account: unknown,
  search: URLSearchParams,
): string {
  if (role === 'artist') {
    const returnPath = readReturnPath(search, 'artist');
    // An incomplete profile goes to complete-registration first (SPEC §5), carrying where the person was going (an
    // invitation's page), so finishing the profile lands there rather than in an area nobody asked for.
    if (isIncompleteArtistProfile(account)) {
      return returnPath
        ? withReturnPath(paths.artist.completeRegistration(), returnPath)
        : paths.artist.completeRegistration();
    }
    return returnPath ?? paths.artist.artists();
  }
  return readReturnPath(search, role) ?? (role === 'fan' ? paths.fan.dashboard() : paths.admin.dashboard());
}

/**
 * The loader of a sign-in or registration screen: a visitor already signed in as its role has nothing to do there
 * and goes on to the area (or to `?next=`). Asked only when the session hint names the role, so an anonymous visitor
 * sees the form at once.
 */
export function createSignedInRedirect(role: SessionRole, check = fetchHintedSession) {
  return async function redirectSignedIn({ request }: LoaderFunctionArgs): Promise<null> {
    const session = await check(role);
    if (session) {
      throw redirect(selectLandingAfterSignIn(role, session.account, new URL(request.url).searchParams));
    }
    return null;
  };
}

/** Route ids of the layouts that hold the session of their open pages (the public pages, the artist landing). */
export const openAreaRouteIds = {
  fan: 'fan-area',
  artist: 'artist-area',
  artistLinks: 'artist-auth-links',
} as const;

export interface OpenAreaData {
  /** The hinted role's session, or null: anonymous, signed out elsewhere, or the server could not say. */
  session: SignedInSession | null;
}

// Whether each role's open layout last found a session: a sign-in since then (the hint appeared) or a sign-out (it
// went) makes the layout ask again on the next navigation, and only then.
const openAreaAnswers: Partial<Record<SessionRole, boolean>> = {};

/**
 * The loader and revalidation rule of an area layout that shows open pages: the header knows the session, so a
 * signed-in person on a public page (help, the privacy policy …) keeps the way back into the area. It never
 * redirects and never fails.
 */
export function createOpenAreaSession(role: SessionRole, check = fetchHintedSession) {
  const loader = async (): Promise<OpenAreaData> => {
    const session = await check(role);
    openAreaAnswers[role] = session !== null;
    return { session };
  };
  const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
    defaultShouldRevalidate || hasSessionHint(role) !== (openAreaAnswers[role] ?? false);
  return { loader, shouldRevalidate };
}

/**
 * The session of the fan or artist area on any of its screens: the guard's on guarded screens, the open layout's on
 * open ones. Undefined for an anonymous visitor.
 */
export function useAreaSession(role: 'fan' | 'artist'): SignedInSession | undefined {
  const guarded = useSignedInSession(role);
  const open = useRouteLoaderData(openAreaRouteIds[role]) as OpenAreaData | undefined;
  const links = useRouteLoaderData(openAreaRouteIds.artistLinks) as OpenAreaData | undefined;
  const openSession = role === 'artist' ? (open?.session ?? links?.session) : open?.session;
  return guarded ?? openSession ?? undefined;
}
