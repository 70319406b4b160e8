// Offices, members and invitations (SPEC §7), built by issue #13.
import * as z from 'zod/mini';
import {
  acceptInvitationSchema,
  addMemberSchema,
  assignArtistsSchema,
  claimedArtistStatusSchema,
  createOfficeSchema,
  deletedOfficeReplySchema,
  invitationTokenParamsSchema,
  memberEmailSchema,
  memberRoleSchema,
  officeArtistParamsSchema,
  officeMemberArtistParamsSchema,
  officeMemberParamsSchema,
  officeMemberReplySchema,
  officeParamsSchema,
  officeReplySchema,
  renameOfficeSchema,
  updateOfficeSchema,
  validateInvitationQuerySchema,
} from '../offices';
import type { ResourceContracts } from './contract';
import { json, notBuilt } from './contract';

const office = officeParamsSchema;
const member = officeMemberParamsSchema;

export const artistOfficesContracts = {
  'GET /api/for-artists/offices': { reply: json(z.array(officeReplySchema)) },
  'POST /api/for-artists/offices': { body: createOfficeSchema, reply: json(officeReplySchema) },
  'PATCH /api/for-artists/offices/{officeId}': {
    params: office,
    body: updateOfficeSchema,
    reply: json(officeReplySchema),
  },
  'PATCH /api/for-artists/office/name': { body: renameOfficeSchema, reply: json(officeReplySchema) },
  'DELETE /api/for-artists/offices/{officeId}': {
    params: office,
    reply: json(deletedOfficeReplySchema),
  },
  'GET /api/for-artists/offices/{officeId}/members': {
    params: office,
    reply: json(z.array(officeMemberReplySchema)),
  },
  'POST /api/for-artists/offices/{officeId}/members': {
    params: office,
    body: addMemberSchema,
    reply: notBuilt('#13'),
  },
  // `{member}` is the member's e-mail here (SPEC §7).
  'DELETE /api/for-artists/offices/{officeId}/members/{member}': {
    params: member,
    reply: json(officeMemberReplySchema),
  },
  'PATCH /api/for-artists/offices/{officeId}/members/{member}/role': {
    params: member,
    body: memberRoleSchema,
    reply: json(officeMemberReplySchema),
  },
  'GET /api/for-artists/offices/{officeId}/validate-invitation': {
    params: office,
    query: validateInvitationQuerySchema,
    reply: notBuilt('#13'),
  },
  'POST /api/for-artists/offices/accept-invitation/{token}': {
    params: invitationTokenParamsSchema,
    body: acceptInvitationSchema,
    reply: notBuilt('#13'),
  },
  'GET /api/for-artists/offices/{officeId}/member-token': {
    params: office,
    query: memberEmailSchema,
    reply: notBuilt('#13'),
  },
  'POST /api/for-artists/offices/{officeId}/resend-invitation': {
    params: office,
    body: memberEmailSchema,
    reply: notBuilt('#13'),
  },
  'GET /api/for-artists/offices/{officeId}/members/{member}/artists': {
    params: member,
    reply: notBuilt('#13'),
  },
  'POST /api/for-artists/offices/{officeId}/members/{member}/artists': {
    params: member,
    body: assignArtistsSchema,
    reply: notBuilt('#13'),
  },
  'DELETE /api/for-artists/offices/{officeId}/members/{member}/artists/{artistId}': {
    params: officeMemberArtistParamsSchema,
    reply: notBuilt('#13'),
  },
  'PATCH /api/for-artists/offices/{officeId}/claimed-artists/{artistId}': {
    params: officeArtistParamsSchema,
    body: claimedArtistStatusSchema,
    reply: notBuilt('#13'),
  },
} satisfies ResourceContracts<'artist-offices'>;
