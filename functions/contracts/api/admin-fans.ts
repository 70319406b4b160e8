// Staff's fans (SPEC §7; decision 037): the list, sorted by what their cards paid, highest first, unless asked
// (SPEC §9), and one fan with pies, wallet, payments, refunds, disputes and listening; staff's refund of a payment,
// with a reason and an entry in the audit trail (decision 043).
import * as z from 'zod/mini';
import { staffRefundReplySchema, staffRefundSchema } from '../admin-audit';
import { staffFanDetailSchema, staffFanSorts, staffFanSummarySchema } from '../admin-people';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { idParams, optionalFlagParam, sortOrderParam, staffListQuery } from './fields';

export const adminFansContracts = {
  'GET /api/admin/fans': {
    query: z.object({
      ...staffListQuery(),
      activePie: optionalFlagParam,
      sortBy: z.optional(z.enum(staffFanSorts, 'Sort by spent, created or name')),
      sortOrder: sortOrderParam,
    }),
    reply: paged(z.array(staffFanSummarySchema)),
  },
  'GET /api/admin/fans/{id}': { params: idParams('id'), reply: json(staffFanDetailSchema) },
  'POST /api/admin/fans/{id}/payments/{paymentId}/refund': {
    params: idParams('id', 'paymentId'),
    body: staffRefundSchema,
    reply: json(staffRefundReplySchema),
  },
} satisfies ResourceContracts<'admin-fans'>;
