// Staff finances, escrow and wallet transactions (SPEC §7), built after issues #11-#13.
import * as z from 'zod/mini';
import { financePeriods, journalPageSchema, staffFinancesSchema, utcDateParam } from '../staff-finances';
import type { ResourceContracts } from './contract';
import { json, notBuilt } from './contract';
import { sortOrderParam, staffListQuery, textField } from './fields';

const later = 'the staff area, after #13';

export const adminFinancesContracts = {
  'GET /api/admin/finances': {
    query: z.object({
      period: z.prefault(z.enum(financePeriods, 'Use day, month, year or all'), 'month'),
    }),
    reply: json(staffFinancesSchema),
  },
  'GET /api/admin/finances/journal': {
    query: z.object({
      /** The first UTC day, included; absent for the ledger's beginning. */
      from: z.optional(utcDateParam),
      /** The last UTC day, included; absent for today. */
      to: z.optional(utcDateParam),
      cursor: z.optional(textField(600)),
    }),
    reply: json(journalPageSchema),
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
