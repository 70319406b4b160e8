// Routes of the 'admin-auth' resource (see functions/contracts/routes.ts): staff sign-in with e-mail and password,
// or with a Google account of the staff domain (services/social-sign-in/staff.ts). Staff accounts are made by
// `npm run admin:create`, never by a call, and Google only signs in to one that exists.
//
// It also serves artist-side users' Google connection (link-google, its callback, disconnect-google): this Lambda
// already carries the OAuth code, which would push 'artist-auth' over its size budget (decision 006). Each route
// still checks its own role, so an artist cookie opens only the artist routes here and a staff cookie none of them.
import { adminAuthContracts } from '../contracts/api/admin-auth';
import type { AdminLoginReply } from '../contracts/auth';
import { buildClearedSessionCookie, buildSessionCookie, readSessionToken } from '../services/cookies';
import { toStaffProfile } from '../services/identity/account-replies';
import { requireAccount } from '../services/identity/accounts';
import { identityDependencies } from '../services/identity/dependencies';
import { loginWithPassword } from '../services/identity/login';
import { endSession } from '../services/sessions';
import {
  beginArtistLink,
  completeArtistLink,
  disconnectArtistGoogle,
} from '../services/social-sign-in/artist';
import { socialSignInDependencies } from '../services/social-sign-in/dependencies';
import { beginStaffSignIn, completeStaffSignIn } from '../services/social-sign-in/staff';
import { readStateCookie } from '../services/social-sign-in/state-cookie';
import { ok } from './lib/http';
import { identityRequestOf } from './lib/identity-request';
import { createResourceHandler } from './lib/resource';
import { redirectForOutcome } from './lib/social-replies';

export const handler = createResourceHandler('admin-auth', adminAuthContracts, {
  'POST /api/admin/auth/login': async (input) => {
    const deps = identityDependencies();
    const { account, session } = await loginWithPassword(deps, 'admin', input.body, identityRequestOf(input));
    const reply: AdminLoginReply = { token: session.token, profile: toStaffProfile(account) };
    return ok(reply, { cookies: [buildSessionCookie(input.env, session)] });
  },
  'POST /api/admin/auth/logout': async ({ event, env }) => {
    await endSession(identityDependencies(), 'admin', readSessionToken('admin', event));
    return ok({ message: 'You are logged out.' }, { cookies: [buildClearedSessionCookie(env, 'admin')] });
  },
  'GET /api/admin/auth/loginGoogle': async ({ env, log }) =>
    redirectForOutcome(env, await beginStaffSignIn(socialSignInDependencies(), { log })),
  'POST /api/admin/auth/google/callback': async ({ body, event, env, log }) => {
    const { account, session, stateCookie } = await completeStaffSignIn(
      socialSignInDependencies(),
      { ...body, stateCookie: readStateCookie(event) },
      { log },
    );
    const reply: AdminLoginReply = { token: session.token, profile: toStaffProfile(account) };
    return ok(reply, { cookies: [buildSessionCookie(env, session), stateCookie] });
  },
  'GET /api/admin/profile': async ({ principal }) =>
    ok(toStaffProfile(await requireAccount(identityDependencies(), 'admin', principal.userId))),

  // Artist-side users: connecting Google.
  'POST /api/for-artists/auth/link-google': async ({ principal }) => {
    const { authorizeUrl, stateCookie } = await beginArtistLink(socialSignInDependencies(), principal.userId);
    return ok({ authorizeUrl }, { cookies: [stateCookie] });
  },
  'GET /api/for-artists/auth/callback/google': async ({ query, event, env, log }) =>
    redirectForOutcome(
      env,
      await completeArtistLink(
        socialSignInDependencies(),
        { ...query, stateCookie: readStateCookie(event) },
        { log },
      ),
    ),
  'POST /api/for-artists/auth/disconnect-google': async ({ principal }) =>
    ok(await disconnectArtistGoogle(socialSignInDependencies(), principal.userId)),
});
