// Routes of the 'fan-auth' resource (see functions/contracts/routes.ts): e-mail and password accounts for fans.
// Social sign-in is the 'fan-social' resource (fan-social.ts), a Lambda of its own: its OAuth, JWKS and KMS code
// would otherwise weigh on every password login's cold start.
import {
  forgotPasswordSchema,
  linkTokenParamsSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../contracts/auth';
import { listConnections } from '../data/accounts';
import { toFanUser } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { getEnv } from './lib/env';
import { created, ok } from './lib/http';
import {
  deleteAccount,
  loginWithPassword,
  registerWithPassword,
  requestPasswordReset,
  resetPasswordWithLink,
  verifyEmailWithLink,
} from './lib/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { buildClearedSessionCookie } from './lib/cookies';
import { endSession } from './lib/sessions';
import { getTable } from './lib/table';

export const handler = createResourceHandler('fan-auth', {
  'POST /api/auth/register': defineRoute({
    body: registerSchema,
    handle: async ({ body, event, now, log }) =>
      created(await registerWithPassword('fan', body, { event, now, log })),
  }),
  'POST /api/auth/login': defineRoute({
    body: loginSchema,
    handle: async ({ body, event, now, log }) => {
      const { account, session } = await loginWithPassword('fan', body, { event, now, log });
      const connections = await listConnections(getTable(), 'fan', account.id);
      return ok(toFanUser(account, connections), { cookies: session.cookies });
    },
  }),
  'POST /api/auth/logout': defineRoute({
    handle: async ({ event, now }) =>
      ok({ message: 'You are logged out.' }, { cookies: await endSession('fan', event, now) }),
  }),
  'POST /api/auth/verify-email/{token}': defineRoute({
    params: linkTokenParamsSchema,
    handle: async ({ params, event, now, log }) =>
      ok(await verifyEmailWithLink('fan', params.token, { event, now, log })),
  }),
  'POST /api/auth/forgot-password': defineRoute({
    body: forgotPasswordSchema,
    handle: async ({ body, event, now, log }) =>
      ok(await requestPasswordReset('fan', body.email, { event, now, log })),
  }),
  'POST /api/auth/reset-password/{token}': defineRoute({
    params: linkTokenParamsSchema,
    body: resetPasswordSchema,
    handle: async ({ params, body, event, now, log }) =>
      ok(await resetPasswordWithLink('fan', params.token, body.password, { event, now, log })),
  }),
  'DELETE /api/auth/account': defineRoute({
    handle: async ({ principal, event, now, log }) => {
      const reply = await deleteAccount('fan', requirePrincipal(principal).userId, { event, now, log });
      return ok(reply, { cookies: [buildClearedSessionCookie(getEnv(), 'fan')] });
    },
  }),
});
