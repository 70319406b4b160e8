// Routes of the 'artist-auth' resource (see functions/contracts/routes.ts): e-mail and password accounts for
// artist-side users. Their link-google, its callback and disconnect-google are served by 'admin-auth', which already
// carries the OAuth code (this Lambda would outgrow its size budget; docs/decisions/006-social-sign-in.md).
import { completeRegistrationSchema } from '../contracts/auth';
import { listConnections, updateProfile } from '../data/accounts';
import { toArtistUser } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { HttpError, ok } from './lib/http';
import { passwordAccountRoutes } from './lib/password-account-routes';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';

export const handler = createResourceHandler('artist-auth', {
  ...passwordAccountRoutes({
    kind: 'artist',
    base: '/api/for-artists/auth',
    deletePath: 'delete-account',
    toUser: toArtistUser,
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
});
