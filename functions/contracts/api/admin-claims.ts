// Staff decisions on claims (SPEC §7), built by issue #13.
import * as z from 'zod/mini';
import { claimStatusUpdateSchema, claimStatuses, manualVerificationSchema } from '../claims';
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { idParams, staffListQuery } from './fields';

const claimParams = idParams('id');

export const adminClaimsContracts = {
  'GET /api/admin/claims/list': {
    // SPEC §9: claims list 20 per page.
    query: z.object({
      ...staffListQuery(20),
      status: z.optional(z.enum(claimStatuses, 'Choose a claim status')),
    }),
    reply: notBuilt('#13'),
  },
  'GET /api/admin/claims/{id}': { params: claimParams, reply: notBuilt('#13') },
  'PATCH /api/admin/claims/{id}/status': {
    params: claimParams,
    body: claimStatusUpdateSchema,
    reply: notBuilt('#13'),
  },
  'POST /api/admin/claims/{id}/verify-bio': {
    params: claimParams,
    body: manualVerificationSchema,
    reply: notBuilt('#13'),
  },
} satisfies ResourceContracts<'admin-claims'>;
