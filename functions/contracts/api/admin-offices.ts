// The staff list of offices (SPEC §7; newest first unless asked: SPEC §9), built after issue #13.
import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { idParams, sortOrderParam, staffListQuery, textField } from './fields';

const later = 'the staff area, after #13';
const officeParams = idParams('id');

export const adminOfficesContracts = {
  'GET /api/admin/offices': {
    query: z.object({ ...staffListQuery(), sortBy: z.optional(textField(32)), sortOrder: sortOrderParam }),
    reply: notBuilt(later),
  },
  'GET /api/admin/offices/{id}': { params: officeParams, reply: notBuilt(later) },
  'DELETE /api/admin/offices/{id}/stripe-connection': { params: officeParams, reply: notBuilt(later) },
} satisfies ResourceContracts<'admin-offices'>;
