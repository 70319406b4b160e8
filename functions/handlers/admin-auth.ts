// Routes of the 'admin-auth' resource (see functions/contracts/routes.ts): staff sign-in with e-mail and password,
// or with a Google account of the staff domain (lib/social-sign-in.ts). Staff accounts are made by
// `npm run admin:create`, never by a call, and Google only signs in to one that exists.
import type { AdminLoginReply } from '../contracts/auth';
import { loginSchema } from '../contracts/auth';
import { toStaffProfile } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { loginWithPassword, requireAccount } from './lib/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { endSession } from './lib/sessions';
import { beginStaffSignIn, completeStaffSignIn, staffCallbackSchema } from './lib/social-sign-in';

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
});
