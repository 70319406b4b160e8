// Routes of the 'admin-auth' resource (see functions/contracts/routes.ts): staff sign-in with e-mail and password,
// or with a Google account of the staff domain (lib/social-sign-in.ts). Staff accounts are made by
// `npm run admin:create`, never by a call, and Google only signs in to one that exists.
//
// It also serves artist-side users' Google connection (link-google, its callback, disconnect-google): this Lambda
// already carries the OAuth code, which would push 'artist-auth' over its size budget (decision 006). Each route
// still checks its own role, so an artist cookie opens only the artist routes here and a staff cookie none of them.
import type { AdminLoginReply } from '../contracts/auth';
import { loginSchema } from '../contracts/auth';
import { toStaffProfile } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { loginWithPassword, requireAccount } from '../services/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { endSession } from '../services/sessions';
import {
  beginArtistLink,
  beginStaffSignIn,
  completeArtistLink,
  completeStaffSignIn,
  disconnectArtistGoogle,
  providerCallbackQuerySchema,
  staffCallbackSchema,
} from '../services/social-sign-in';

export const handler = createResourceHandler('admin-auth', {
  'POST /api/admin/auth/login': defineRoute({
    body: loginSchema,
    handle: async ({ body, event, now, log }) => {
      const { account, session } = await loginWithPassword('admin', body, { event, now, log });
      const reply: AdminLoginReply = { token: session.token, profile: toStaffProfile(account) };
      return ok(reply, { cookies: session.cookies });
    },
  }),
  'POST /api/admin/auth/logout': defineRoute({
    handle: async ({ event, now }) =>
      ok({ message: 'You are logged out.' }, { cookies: await endSession('admin', event, now) }),
  }),
  'GET /api/admin/auth/loginGoogle': defineRoute({
    handle: ({ event, now, log }) => beginStaffSignIn({ event, now, log }),
  }),
  'POST /api/admin/auth/google/callback': defineRoute({
    body: staffCallbackSchema,
    handle: ({ body, event, now, log }) => completeStaffSignIn(body, { event, now, log }),
  }),
  'GET /api/admin/profile': defineRoute({
    handle: async ({ principal }) =>
      ok(toStaffProfile(await requireAccount('admin', requirePrincipal(principal).userId))),
  }),

  // Artist-side users: connecting Google.
  'POST /api/for-artists/auth/link-google': defineRoute({
    handle: ({ principal, now }) => beginArtistLink(requirePrincipal(principal).userId, now),
  }),
  'GET /api/for-artists/auth/callback/google': defineRoute({
    query: providerCallbackQuerySchema,
    handle: ({ query, event, now, log }) => completeArtistLink(query, { event, now, log }),
  }),
  'POST /api/for-artists/auth/disconnect-google': defineRoute({
    handle: async ({ principal }) => ok(await disconnectArtistGoogle(requirePrincipal(principal).userId)),
  }),
});
