// Routes of the 'artist-user' resource (see functions/contracts/routes.ts): the signed-in artist-side user.
import { profileUpdateSchema } from '../contracts/auth';
import { listConnections, updateProfile } from '../data/accounts';
import { toArtistUser } from './lib/account-replies';
import { requirePrincipal } from './lib/auth';
import { HttpError, ok } from './lib/http';
import { requireAccount } from '../services/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';

export const handler = createResourceHandler('artist-user', {
  'GET /api/for-artists/user': defineRoute({
    handle: async ({ principal }) => {
      const account = await requireAccount('artist', requirePrincipal(principal).userId);
      // The connected Google account shows on the artist settings screen (decision 006).
      return ok(toArtistUser(account, await listConnections(getTable(), 'artist', account.id)));
    },
  }),
  'PATCH /api/for-artists/user/profile': defineRoute({
    body: profileUpdateSchema,
    handle: async ({ body, principal, now }) => {
      const account = await updateProfile(
        getTable(),
        'artist',
        requirePrincipal(principal).userId,
        {
          ...(body.first_name === undefined ? {} : { firstName: body.first_name }),
          ...(body.last_name === undefined ? {} : { lastName: body.last_name }),
          ...(body.phone_number === undefined ? {} : { phoneNumber: body.phone_number }),
          ...(body.country === undefined ? {} : { country: body.country }),
        },
        now,
      );
      if (!account) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
      return ok(toArtistUser(account, await listConnections(getTable(), 'artist', account.id)));
    },
  }),
});
