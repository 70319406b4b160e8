// Routes of the 'fan-auth' resource (see functions/contracts/routes.ts): e-mail and password accounts for fans.
// Social sign-in is the 'fan-social' resource (fan-social.ts), a Lambda of its own: its OAuth, JWKS and KMS code
// would otherwise weigh on every password login's cold start.
import { toFanUser } from './lib/account-replies';
import { passwordAccountRoutes } from './lib/password-account-routes';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler(
  'fan-auth',
  passwordAccountRoutes({ kind: 'fan', base: '/api/auth', deletePath: 'account', toUser: toFanUser }),
);
