// Routes of the 'artist-user' resource (see functions/contracts/routes.ts): the signed-in artist-side user.
import { artistUserContracts } from '../contracts/api/artist-user';
import { toArtistUser } from '../services/identity/account-replies';
import { readOwnAccount, updateArtistProfile } from '../services/identity/accounts';
import { identityDependencies } from '../services/identity/dependencies';
import { listMyOffices, officeDependencies } from '../services/offices/offices';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

/** The user's offices with their role (SPEC §6: the area picks the selected office from these). */
async function readMemberships(userId: string) {
  const offices = await listMyOffices(officeDependencies(), userId);
  return offices.map((office) => ({ _id: office._id, name: office.name, role: office.role }));
}

export const handler = createResourceHandler('artist-user', artistUserContracts, {
  'GET /api/for-artists/user': async ({ principal }) => {
    // The connected Google account shows on the artist settings screen (decision 006).
    const userId = principal.userId;
    const { account, connections } = await readOwnAccount(identityDependencies(), 'artist', userId);
    return ok(toArtistUser(account, connections, await readMemberships(userId)));
  },
  'PATCH /api/for-artists/user/profile': async ({ body, principal }) => {
    const userId = principal.userId;
    const { account, connections } = await updateArtistProfile(identityDependencies(), userId, {
      ...(body.first_name === undefined ? {} : { firstName: body.first_name }),
      ...(body.last_name === undefined ? {} : { lastName: body.last_name }),
      ...(body.phone_number === undefined ? {} : { phoneNumber: body.phone_number }),
      ...(body.country === undefined ? {} : { country: body.country }),
    });
    return ok(toArtistUser(account, connections, await readMemberships(userId)));
  },
});
