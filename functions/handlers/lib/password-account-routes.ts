// The e-mail and password calls fans and artist-side users share (SPEC §7): register, login, logout, the verify and
// reset links, forgot-password and account deletion. Each area's resource mounts them under its own base path.
import type { Account } from '../../domain/identity/account';
import type { ConnectionRecord } from '../../data/accounts';
import {
  forgotPasswordSchema,
  linkTokenParamsSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../contracts/auth';
import { listConnections } from '../../data/accounts';
import { requirePrincipal } from './auth';
import { buildClearedSessionCookie } from '../../services/cookies';
import { getEnv } from '../../runtime/env';
import { created, ok } from './http';
import {
  deleteAccount,
  loginWithPassword,
  registerWithPassword,
  requestPasswordReset,
  resetPasswordWithLink,
  verifyEmailWithLink,
} from '../../services/identity';
import type { RouteImplementation } from './resource';
import { defineRoute } from './resource';
import { endSession } from '../../services/sessions';
import { getTable } from '../../runtime/table';

export interface PasswordAccountArea<Base extends string, DeletePath extends string> {
  kind: 'fan' | 'artist';
  /** `/api/auth` or `/api/for-artists/auth`. */
  base: Base;
  /** The deletion call's path under the base (SPEC §7 names it differently per area). */
  deletePath: DeletePath;
  /** The signed-in user as the area's login answers it. */
  toUser: (account: Account, connections: readonly ConnectionRecord[]) => unknown;
}

type PasswordRouteKey<Base extends string, DeletePath extends string> =
  | `POST ${Base}/${'register' | 'login' | 'logout' | 'forgot-password'}`
  | `POST ${Base}/${'verify-email' | 'reset-password'}/{token}`
  | `DELETE ${Base}/${DeletePath}`;

export function passwordAccountRoutes<Base extends string, DeletePath extends string>({
  kind,
  base,
  deletePath,
  toUser,
}: PasswordAccountArea<Base, DeletePath>): Record<PasswordRouteKey<Base, DeletePath>, RouteImplementation> {
  const routes: Record<PasswordRouteKey<string, string>, RouteImplementation> = {
    [`POST ${base}/register`]: defineRoute({
      body: registerSchema,
      handle: async ({ body, event, now, log }) =>
        created(await registerWithPassword(kind, body, { event, now, log })),
    }),
    [`POST ${base}/login`]: defineRoute({
      body: loginSchema,
      handle: async ({ body, event, now, log }) => {
        const { account, session } = await loginWithPassword(kind, body, { event, now, log });
        const connections = await listConnections(getTable(), kind, account.id);
        return ok(toUser(account, connections), { cookies: session.cookies });
      },
    }),
    [`POST ${base}/logout`]: defineRoute({
      handle: async ({ event, now }) =>
        ok({ message: 'You are logged out.' }, { cookies: await endSession(kind, event, now) }),
    }),
    [`POST ${base}/verify-email/{token}`]: defineRoute({
      params: linkTokenParamsSchema,
      handle: async ({ params, event, now, log }) =>
        ok(await verifyEmailWithLink(kind, params.token, { event, now, log })),
    }),
    [`POST ${base}/forgot-password`]: defineRoute({
      body: forgotPasswordSchema,
      handle: async ({ body, event, now, log }) =>
        ok(await requestPasswordReset(kind, body.email, { event, now, log })),
    }),
    [`POST ${base}/reset-password/{token}`]: defineRoute({
      params: linkTokenParamsSchema,
      body: resetPasswordSchema,
      handle: async ({ params, body, event, now, log }) =>
        ok(await resetPasswordWithLink(kind, params.token, body.password, { event, now, log })),
    }),
    [`DELETE ${base}/${deletePath}`]: defineRoute({
      handle: async ({ principal, event, now, log }) => {
        const reply = await deleteAccount(kind, requirePrincipal(principal).userId, { event, now, log });
        return ok(reply, { cookies: [buildClearedSessionCookie(getEnv(), kind)] });
      },
    }),
  };
  return routes as Record<PasswordRouteKey<Base, DeletePath>, RouteImplementation>;
}
