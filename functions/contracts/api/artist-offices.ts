// Offices, members and invitations (SPEC §7).
import * as z from 'zod/mini';
import {
  acceptInvitationSchema,
  addMemberSchema,
  assignArtistsSchema,
  claimedArtistStatusSchema,
  createOfficeSchema,
  deletedOfficeReplySchema,
  invitationTokenParamsSchema,
  invitationValidationReplySchema,
  memberArtistsReplySchema,
  memberEmailSchema,
  memberRoleSchema,
  officeArtistParamsSchema,
  officeInvitationReplySchema,
  officeMemberArtistParamsSchema,
  officeMemberEntryReplySchema,
  officeMemberParamsSchema,
  officeMemberReplySchema,
  officeParamsSchema,
  officeReplySchema,
  renameOfficeSchema,
  updateOfficeSchema,
  validateInvitationQuerySchema,
} from '../offices';
import { claimReplySchema } from '../claims';
import type { ResourceContracts } from './contract';
import { json } from './contract';

const office = officeParamsSchema;
const member = officeMemberParamsSchema;

export const artistOfficesContracts = {
  'GET /api/for-artists/offices': { reply: json(z.array(officeReplySchema)) },
  'POST /api/for-artists/offices': { body: createOfficeSchema, reply: json(officeReplySchema) },
  'PATCH /api/for-artists/offices/{officeId}': {
    officeRight: 'manage-office',
    params: office,
    body: updateOfficeSchema,
    reply: json(officeReplySchema),
  },
  'PATCH /api/for-artists/office/name': {
    officeRight: 'manage-office',
    body: renameOfficeSchema,
    reply: json(officeReplySchema),
  },
  'DELETE /api/for-artists/offices/{officeId}': {
    officeRight: 'manage-office',
    params: office,
    reply: json(deletedOfficeReplySchema),
  },
  'GET /api/for-artists/offices/{officeId}/members': {
    officeRight: 'view-office',
    params: office,
    reply: json(z.array(officeMemberEntryReplySchema)),
  },
  'POST /api/for-artists/offices/{officeId}/members': {
    officeRight: 'manage-members',
    params: office,
    body: addMemberSchema,
    reply: json(officeMemberEntryReplySchema),
  },
  // `{member}` is the member's e-mail here (SPEC §7).
  'DELETE /api/for-artists/offices/{officeId}/members/{member}': {
    officeRight: 'manage-members',
    params: member,
    // A member removed, or a pending invitation withdrawn (`status: 'invited'`, decision 026).
    reply: json(z.union([officeMemberReplySchema, officeMemberEntryReplySchema])),
  },
  'PATCH /api/for-artists/offices/{officeId}/members/{member}/role': {
    officeRight: 'manage-members',
    params: member,
    body: memberRoleSchema,
    reply: json(officeMemberReplySchema),
  },
  'GET /api/for-artists/offices/{officeId}/validate-invitation': {
    params: office,
    query: validateInvitationQuerySchema,
    reply: json(invitationValidationReplySchema),
  },
  'POST /api/for-artists/offices/accept-invitation/{token}': {
    officeRight: 'invitee',
    params: invitationTokenParamsSchema,
    body: acceptInvitationSchema,
    reply: json(officeReplySchema),
  },
  'GET /api/for-artists/offices/{officeId}/member-token': {
    officeRight: 'manage-members',
    params: office,
    query: memberEmailSchema,
    reply: json(officeInvitationReplySchema),
  },
  'POST /api/for-artists/offices/{officeId}/resend-invitation': {
    officeRight: 'manage-members',
    params: office,
    body: memberEmailSchema,
    reply: json(officeInvitationReplySchema),
  },
  // A member reads their own artists; anyone else's needs the right.
  'GET /api/for-artists/offices/{officeId}/members/{member}/artists': {
    officeRight: 'manage-members',
    params: member,
    reply: json(memberArtistsReplySchema),
  },
  'POST /api/for-artists/offices/{officeId}/members/{member}/artists': {
    officeRight: 'manage-members',
    params: member,
    body: assignArtistsSchema,
    reply: json(memberArtistsReplySchema),
  },
  'DELETE /api/for-artists/offices/{officeId}/members/{member}/artists/{artistId}': {
    officeRight: 'manage-members',
    params: officeMemberArtistParamsSchema,
    reply: json(memberArtistsReplySchema),
  },
  'PATCH /api/for-artists/offices/{officeId}/claimed-artists/{artistId}': {
    officeRight: 'manage-office',
    params: officeArtistParamsSchema,
    body: claimedArtistStatusSchema,
    reply: json(claimReplySchema),
  },
} satisfies ResourceContracts<'artist-offices'>;
