// The staff list of fans (SPEC §7; sorted by spent, descending, unless asked: SPEC §9), built after issue #13.
import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { idParams, optionalFlagParam, sortOrderParam, staffListQuery, textField } from './fields';

const later = 'the staff area, after #13';

export const adminFansContracts = {
  'GET /api/admin/fans': {
    query: z.object({
      ...staffListQuery(),
      activePie: optionalFlagParam,
      sortBy: z.optional(textField(32)),
      sortOrder: sortOrderParam,
    }),
    reply: notBuilt(later),
  },
  'GET /api/admin/fans/{id}': { params: idParams('id'), reply: notBuilt(later) },
} satisfies ResourceContracts<'admin-fans'>;
