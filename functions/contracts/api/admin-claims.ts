// Staff decisions on claims (SPEC §7; decision 028): the queue, one claim, its status, manual verification.
import * as z from 'zod/mini';
import { claimStatusUpdateSchema, claimStatuses, manualVerificationSchema } from '../claims';
import { staffClaimDecisionSchema, staffClaimDetailSchema, staffClaimSummarySchema } from '../admin-claims';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { idParams, staffListQuery } from './fields';

const claimParams = idParams('id');

export const adminClaimsContracts = {
  'GET /api/admin/claims/list': {
    // SPEC §9: claims list 20 per page.
    query: z.object({
      ...staffListQuery(20),
      status: z.optional(z.enum(claimStatuses, 'Choose a claim status')),
    }),
    reply: paged(z.array(staffClaimSummarySchema)),
  },
  'GET /api/admin/claims/{id}': { params: claimParams, reply: json(staffClaimDetailSchema) },
  'PATCH /api/admin/claims/{id}/status': {
    params: claimParams,
    body: claimStatusUpdateSchema,
    reply: json(staffClaimDecisionSchema),
  },
  'POST /api/admin/claims/{id}/verify-bio': {
    params: claimParams,
    body: manualVerificationSchema,
    reply: json(staffClaimDecisionSchema),
  },
} satisfies ResourceContracts<'admin-claims'>;
