// The audit trail of staff actions (decision 043): newest first, 10 a page (SPEC §9), filtered by action, staff
// member and target.
import * as z from 'zod/mini';
import { auditTargetTypes, staffAuditEntrySchema } from '../admin-audit';
import type { ResourceContracts } from './contract';
import { paged } from './contract';
import { idField, textField, wholeNumberParam } from './fields';

export const adminAuditContracts = {
  'GET /api/admin/audit': {
    query: z.object({
      page: wholeNumberParam(10_000, 1),
      limit: wholeNumberParam(100, 10),
      action: z.optional(textField(80)),
      actorId: z.optional(idField('a staff id')),
      targetType: z.optional(z.enum(auditTargetTypes, 'Choose a target type')),
      targetId: z.optional(textField(200)),
    }),
    reply: paged(z.array(staffAuditEntrySchema)),
  },
} satisfies ResourceContracts<'admin-audit'>;
