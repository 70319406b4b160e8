// Staff's offices (SPEC §7; decision 037): the list, newest first unless asked (SPEC §9), with search, and one office
// with its members, claims, payable, payouts and Connect state. Removing an office's Stripe connection is built after
// the staff area's reads.
import * as z from 'zod/mini';
import { staffOfficeDetailSchema, staffOfficeSorts, staffOfficeSummarySchema } from '../admin-people';
import type { ResourceContracts } from './contract';
import { json, notBuilt, paged } from './contract';
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
    reply: notBuilt('the staff actions of issue #19'),
  },
} satisfies ResourceContracts<'admin-offices'>;
