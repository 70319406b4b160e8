// Routes of the 'artist-auth' resource (see functions/contracts/routes.ts): e-mail and password accounts for
// artist-side users. Their link-google, its callback and disconnect-google are served by 'admin-auth', which already
// carries the OAuth code (this Lambda would outgrow its size budget; docs/decisions/006-social-sign-in.md).
import {
  completeRegistrationSchema,
  forgotPasswordSchema,
  linkTokenParamsSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../contracts/auth';
import { listConnections, updateProfile } from '../data/accounts';
import { toArtistUser } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { buildClearedSessionCookie } from './lib/cookies';
import { getEnv } from './lib/env';
import { created, HttpError, ok } from './lib/http';
import {
  deleteAccount,
  loginWithPassword,
  registerWithPassword,
  requestPasswordReset,
  resetPasswordWithLink,
  verifyEmailWithLink,
} from './lib/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { endSession } from './lib/sessions';
import { getTable } from './lib/table';

export const handler = createResourceHandler('artist-auth', {
  'POST /api/for-artists/auth/register': defineRoute({
    body: registerSchema,
    handle: async ({ body, event, now, log }) =>
      created(await registerWithPassword('artist', body, { event, now, log })),
  }),
  'POST /api/for-artists/auth/login': defineRoute({
    body: loginSchema,
    handle: async ({ body, event, now, log }) => {
      const { account, session } = await loginWithPassword('artist', body, { event, now, log });
      const connections = await listConnections(getTable(), 'artist', account.id);
      return ok(toArtistUser(account, connections), { cookies: session.cookies });
    },
  }),
  'POST /api/for-artists/auth/logout': defineRoute({
    handle: async ({ event, now }) =>
      ok({ message: 'You are logged out.' }, { cookies: await endSession('artist', event, now) }),
  }),
  'POST /api/for-artists/auth/verify-email/{token}': defineRoute({
    params: linkTokenParamsSchema,
    handle: async ({ params, event, now, log }) =>
      ok(await verifyEmailWithLink('artist', params.token, { event, now, log })),
  }),
  'POST /api/for-artists/auth/forgot-password': defineRoute({
    body: forgotPasswordSchema,
    handle: async ({ body, event, now, log }) =>
      ok(await requestPasswordReset('artist', body.email, { event, now, log })),
  }),
  'POST /api/for-artists/auth/reset-password/{token}': defineRoute({
    params: linkTokenParamsSchema,
    body: resetPasswordSchema,
    handle: async ({ params, body, event, now, log }) =>
      ok(await resetPasswordWithLink('artist', params.token, body.password, { event, now, log })),
  }),
  'POST /api/for-artists/auth/complete-registration': defineRoute({
    body: completeRegistrationSchema,
    handle: async ({ body, principal, now }) => {
      const account = await updateProfile(
        getTable(),
        'artist',
        requirePrincipal(principal).userId,
        {
          firstName: body.first_name,
          lastName: body.last_name,
          phoneNumber: body.phone_number,
          country: body.country,
        },
        now,
      );
      if (!account) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
      return ok(toArtistUser(account, await listConnections(getTable(), 'artist', account.id)));
    },
  }),
  'DELETE /api/for-artists/auth/delete-account': defineRoute({
    handle: async ({ principal, event, now, log }) => {
      const reply = await deleteAccount('artist', requirePrincipal(principal).userId, { event, now, log });
      return ok(reply, { cookies: [buildClearedSessionCookie(getEnv(), 'artist')] });
    },
  }),
});
