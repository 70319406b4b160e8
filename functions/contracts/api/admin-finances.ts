// Staff finances, escrow and wallet transactions (SPEC §7), built after issues #11-#13.
import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { sortOrderParam, staffListQuery, textField } from './fields';

const later = 'the staff area, after #13';

export const adminFinancesContracts = {
  'GET /api/admin/finances': {
    query: z.object({ period: z.optional(textField(32)) }),
    reply: notBuilt(later),
  },
  'GET /api/admin/escrow': { reply: notBuilt(later) },
  'POST /api/admin/escrow/process-payouts': { reply: notBuilt(later) },
  'GET /api/admin/wallet-transactions': {
    query: z.object({
      ...staffListQuery(),
      status: z.optional(textField(32)),
      sortBy: z.optional(textField(32)),
      sortOrder: sortOrderParam,
    }),
    reply: notBuilt(later),
  },
  'GET /api/admin/wallet-transactions/stats': { reply: notBuilt(later) },
} satisfies ResourceContracts<'admin-finances'>;
