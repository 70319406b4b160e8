import { fanUserSchema } from '../auth';
import type { ResourceContracts } from './contract';
import { loginContract, passwordAccountContracts as password } from './password-accounts';

export const fanAuthContracts = {
  'POST /api/auth/register': password.register,
  'POST /api/auth/login': loginContract(fanUserSchema),
  'POST /api/auth/logout': password.logout,
  'POST /api/auth/verify-email/{token}': password.verifyEmail,
  'POST /api/auth/resend-verification': password.resendVerification,
  'POST /api/auth/forgot-password': password.forgotPassword,
  'POST /api/auth/reset-password/{token}': password.resetPassword,
  'DELETE /api/auth/account': password.deleteAccount,
} satisfies ResourceContracts<'fan-auth'>;
