// Staff's offices (SPEC §7; decision 037): the list, newest first unless asked (SPEC §9), with search, and one office
// with its members, claims, payable, payouts and Connect state; staff's actions on an office, each with a reason and
// an entry in the audit trail (decision 043): removing its Stripe connection, handing it to a new admin.
import * as z from 'zod/mini';
import {
  removeStripeConnectionReplySchema,
  removeStripeConnectionSchema,
  staffAdminInvitationReplySchema,
  staffAdminInvitationSchema,
} from '../admin-audit';
import { staffOfficeDetailSchema, staffOfficeSorts, staffOfficeSummarySchema } from '../admin-people';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { idParams, sortOrderParam, staffListQuery } from './fields';

const officeParams = idParams('id');

export const adminOfficesContracts = {
  'GET /api/admin/offices': {
    query: z.object({
      ...staffListQuery(),
      sortBy: z.optional(z.enum(staffOfficeSorts, 'Sort by created, name or members')),
      sortOrder: sortOrderParam,
    }),
    reply: paged(z.array(staffOfficeSummarySchema)),
  },
  'GET /api/admin/offices/{id}': { params: officeParams, reply: json(staffOfficeDetailSchema) },
  'DELETE /api/admin/offices/{id}/stripe-connection': {
    params: officeParams,
    body: removeStripeConnectionSchema,
    reply: json(removeStripeConnectionReplySchema),
  },
  'POST /api/admin/offices/{id}/admin-invitation': {
    params: officeParams,
    body: staffAdminInvitationSchema,
    reply: json(staffAdminInvitationReplySchema),
  },
} satisfies ResourceContracts<'admin-offices'>;
