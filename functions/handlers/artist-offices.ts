// Routes of the 'artist-offices' resource (see functions/contracts/routes.ts): offices, members and roles,
// invitations, member artists and claimed artists (decisions 022 and 026).
import { artistOfficesContracts } from '../contracts/api/artist-offices';
import {
  changeMemberRole,
  createOfficeForUser,
  deleteOfficeOfUser,
  listMyOffices,
  officeDependencies,
  removeMemberByEmail,
  updateOfficeDetails,
} from '../services/offices/offices';
import { giveUpClaimedArtist } from '../services/offices/claimed-artists';
import {
  acceptInvitationForUser,
  invitationDependencies,
  inviteOfficeMember,
  listOfficeMemberEntries,
  readMemberInvitation,
  resendOfficeInvitation,
  validateOfficeInvitation,
} from '../services/offices/invitations';
import {
  assignArtistsToMember,
  listMemberArtists,
  unassignArtistFromMember,
} from '../services/offices/member-artists';
import { created, ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-offices', artistOfficesContracts, {
  'GET /api/for-artists/offices': async ({ principal }) =>
    ok(await listMyOffices(officeDependencies(), principal.userId)),
  'POST /api/for-artists/offices': async ({ principal, body }) =>
    created(await createOfficeForUser(officeDependencies(), principal.userId, body)),
  'PATCH /api/for-artists/offices/{officeId}': async ({ principal, params, body }) =>
    ok(await updateOfficeDetails(officeDependencies(), principal.userId, params.officeId, body)),
  'PATCH /api/for-artists/office/name': async ({ principal, body }) =>
    ok(
      await updateOfficeDetails(officeDependencies(), principal.userId, body.officeId, {
        name: body.name,
      }),
    ),
  'DELETE /api/for-artists/offices/{officeId}': async ({ principal, params }) =>
    ok(await deleteOfficeOfUser(officeDependencies(), principal.userId, params.officeId)),
  'GET /api/for-artists/offices/{officeId}/members': async ({ principal, params }) =>
    ok(await listOfficeMemberEntries(officeDependencies(), principal.userId, params.officeId)),
  'POST /api/for-artists/offices/{officeId}/members': async ({ principal, params, body }) =>
    created(await inviteOfficeMember(invitationDependencies(), principal.userId, params.officeId, body)),
  // `{member}` is the member's e-mail on DELETE and their user id on the role change (SPEC §7).
  'DELETE /api/for-artists/offices/{officeId}/members/{member}': async ({ principal, params }) =>
    ok(await removeMemberByEmail(officeDependencies(), principal.userId, params.officeId, params.member)),
  'PATCH /api/for-artists/offices/{officeId}/members/{member}/role': async ({ principal, params, body }) =>
    ok(
      await changeMemberRole(
        officeDependencies(),
        principal.userId,
        params.officeId,
        params.member,
        body.role,
      ),
    ),
  'GET /api/for-artists/offices/{officeId}/validate-invitation': async ({ params, query }) =>
    ok(await validateOfficeInvitation(officeDependencies(), params.officeId, query.token)),
  'POST /api/for-artists/offices/accept-invitation/{token}': async ({ principal, params, body }) =>
    ok(await acceptInvitationForUser(officeDependencies(), principal.userId, params.token, body.officeId)),
  'GET /api/for-artists/offices/{officeId}/member-token': async ({ principal, params, query }) =>
    ok(await readMemberInvitation(officeDependencies(), principal.userId, params.officeId, query.email)),
  'POST /api/for-artists/offices/{officeId}/resend-invitation': async ({ principal, params, body }) =>
    ok(await resendOfficeInvitation(invitationDependencies(), principal.userId, params.officeId, body.email)),
  'GET /api/for-artists/offices/{officeId}/members/{member}/artists': async ({ principal, params }) =>
    ok(await listMemberArtists(officeDependencies(), principal.userId, params.officeId, params.member)),
  'POST /api/for-artists/offices/{officeId}/members/{member}/artists': async ({ principal, params, body }) =>
    ok(
      await assignArtistsToMember(
        officeDependencies(),
        principal.userId,
        params.officeId,
        params.member,
        body.artistIds,
      ),
    ),
  'DELETE /api/for-artists/offices/{officeId}/members/{member}/artists/{artistId}': async ({
    principal,
    params,
  }) =>
    ok(
      await unassignArtistFromMember(
        officeDependencies(),
        principal.userId,
        params.officeId,
        params.member,
        params.artistId,
      ),
    ),
  'PATCH /api/for-artists/offices/{officeId}/claimed-artists/{artistId}': async ({ principal, params }) =>
    ok(await giveUpClaimedArtist(officeDependencies(), principal.userId, params.officeId, params.artistId)),
});
