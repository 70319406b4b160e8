// Routes of the 'artist-auth' resource (see functions/contracts/routes.ts): e-mail and password accounts for
// artist-side users. Their link-google, its callback and disconnect-google are served by 'admin-auth', which already
// carries the OAuth code (this Lambda would outgrow its size budget; docs/decisions/006-social-sign-in.md).
import { artistAuthContracts } from '../contracts/api/artist-auth';
import { toArtistUser } from '../services/identity/account-replies';
import { updateArtistProfile } from '../services/identity/accounts';
import { identityDependencies } from '../services/identity/dependencies';
import { planLeavingOffices } from '../services/offices/leaving-offices';
import { ok } from './lib/http';
import { passwordAccountHandlers } from './lib/password-account-routes';
import { createResourceHandler } from './lib/resource';

// An artist-side user leaves their offices with the account, or is refused while the last admin of one holding money.
const password = passwordAccountHandlers({
  kind: 'artist',
  toUser: toArtistUser,
  erasureCompanions: planLeavingOffices,
});

export const handler = createResourceHandler('artist-auth', artistAuthContracts, {
  'POST /api/for-artists/auth/register': password.register,
  'POST /api/for-artists/auth/login': password.login,
  'POST /api/for-artists/auth/logout': password.logout,
  'POST /api/for-artists/auth/verify-email/{token}': password.verifyEmail,
  'POST /api/for-artists/auth/forgot-password': password.forgotPassword,
  'POST /api/for-artists/auth/reset-password/{token}': password.resetPassword,
  'DELETE /api/for-artists/auth/delete-account': password.deleteAccount,
  'POST /api/for-artists/auth/complete-registration': async ({ body, principal }) => {
    const { account, connections } = await updateArtistProfile(identityDependencies(), principal.userId, {
      firstName: body.first_name,
      lastName: body.last_name,
      phoneNumber: body.phone_number,
      country: body.country,
    });
    return ok(toArtistUser(account, connections));
  },
});
