// Routes of the 'fan-auth' resource (see functions/contracts/routes.ts): e-mail and password accounts for fans.
// Social sign-in is the 'fan-social' resource (fan-social.ts), a Lambda of its own: its OAuth, JWKS and KMS code
// would otherwise weigh on every password login's cold start.
import { fanAuthContracts } from '../contracts/api/fan-auth';
import { toFanUser } from '../services/identity/account-replies';
import { passwordAccountHandlers } from './lib/password-account-routes';
import { createResourceHandler } from './lib/resource';

const password = passwordAccountHandlers({ kind: 'fan', toUser: toFanUser });

export const handler = createResourceHandler('fan-auth', fanAuthContracts, {
  'POST /api/auth/register': password.register,
  'POST /api/auth/login': password.login,
  'POST /api/auth/logout': password.logout,
  'POST /api/auth/verify-email/{token}': password.verifyEmail,
  'POST /api/auth/resend-verification': password.resendVerification,
  'POST /api/auth/forgot-password': password.forgotPassword,
  'POST /api/auth/reset-password/{token}': password.resetPassword,
  'DELETE /api/auth/account': password.deleteAccount,
});
