import { artistUserSchema, completeRegistrationSchema } from '../auth';
import type { ResourceContracts } from './contract';
import { json } from './contract';
import { loginContract, passwordAccountContracts as password } from './password-accounts';

export const artistAuthContracts = {
  'POST /api/for-artists/auth/register': password.register,
  'POST /api/for-artists/auth/login': loginContract(artistUserSchema),
  'POST /api/for-artists/auth/logout': password.logout,
  'POST /api/for-artists/auth/verify-email/{token}': password.verifyEmail,
  'POST /api/for-artists/auth/forgot-password': password.forgotPassword,
  'POST /api/for-artists/auth/reset-password/{token}': password.resetPassword,
  'DELETE /api/for-artists/auth/delete-account': password.deleteAccount,
  'POST /api/for-artists/auth/complete-registration': {
    body: completeRegistrationSchema,
    reply: json(artistUserSchema),
  },
} satisfies ResourceContracts<'artist-auth'>;
