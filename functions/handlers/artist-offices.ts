// Routes of the 'artist-offices' resource (see functions/contracts/routes.ts): offices, members and roles. Those not
// built yet (invitations, member artists, claimed artists) answer 501.
import { artistOfficesContracts } from '../contracts/api/artist-offices';
import {
  changeMemberRole,
  createOfficeForUser,
  deleteOfficeOfUser,
  listMyOffices,
  listOfficeMembers,
  officeDependencies,
  removeMemberByEmail,
  updateOfficeDetails,
} from '../services/offices/offices';
import { requirePrincipal } from './lib/auth';
import { created, ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-offices', artistOfficesContracts, {
  'GET /api/for-artists/offices': async ({ principal }) =>
    ok(await listMyOffices(officeDependencies(), requirePrincipal(principal).userId)),
  'POST /api/for-artists/offices': async ({ principal, body }) =>
    created(await createOfficeForUser(officeDependencies(), requirePrincipal(principal).userId, body)),
  'PATCH /api/for-artists/offices/{officeId}': async ({ principal, params, body }) =>
    ok(
      await updateOfficeDetails(
        officeDependencies(),
        requirePrincipal(principal).userId,
        params.officeId,
        body,
      ),
    ),
  'PATCH /api/for-artists/office/name': async ({ principal, body }) =>
    ok(
      await updateOfficeDetails(officeDependencies(), requirePrincipal(principal).userId, body.officeId, {
        name: body.name,
      }),
    ),
  'DELETE /api/for-artists/offices/{officeId}': async ({ principal, params }) =>
    ok(await deleteOfficeOfUser(officeDependencies(), requirePrincipal(principal).userId, params.officeId)),
  'GET /api/for-artists/offices/{officeId}/members': async ({ principal, params }) =>
    ok(await listOfficeMembers(officeDependencies(), requirePrincipal(principal).userId, params.officeId)),
  // `{member}` is the member's e-mail on DELETE and their user id on the role change (SPEC §7).
  'DELETE /api/for-artists/offices/{officeId}/members/{member}': async ({ principal, params }) =>
    ok(
      await removeMemberByEmail(
        officeDependencies(),
        requirePrincipal(principal).userId,
        params.officeId,
        params.member,
      ),
    ),
  'PATCH /api/for-artists/offices/{officeId}/members/{member}/role': async ({ principal, params, body }) =>
    ok(
      await changeMemberRole(
        officeDependencies(),
        requirePrincipal(principal).userId,
        params.officeId,
        params.member,
        body.role,
      ),
    ),
});
