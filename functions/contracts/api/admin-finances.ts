// Staff finances, escrow and wallet transactions (SPEC §7): what the money in, the pies' splits and the offices'
// payouts left in the ledger, as staff read it.
import * as z from 'zod/mini';
import {
  escrowDueSchema,
  processPayoutsBodySchema,
  processPayoutsResultSchema,
  resolveNameBodySchema,
  resolveNameResultSchema,
  staffEscrowArtistSchema,
  staffEscrowKinds,
  staffEscrowSorts,
  staffWalletPeriods,
  staffWalletSorts,
  staffWalletStatsSchema,
  staffWalletTransactionSchema,
  staffWalletTypes,
} from '../admin-escrow';
import { walletTransactionKinds } from '../payments';
import { financePeriods, journalPageSchema, staffFinancesSchema, utcDateParam } from '../staff-finances';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { requiredTextField, sortOrderParam, staffListQuery, textField } from './fields';

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
  'GET /api/admin/escrow': {
    query: z.object({
      ...staffListQuery(),
      kind: z.optional(z.enum(staffEscrowKinds, 'Choose catalogue or name-only')),
      sortBy: z.optional(z.enum(staffEscrowSorts, 'Sort by held, age, returns or name')),
      sortOrder: sortOrderParam,
    }),
    reply: paged(z.array(staffEscrowArtistSchema)),
  },
  'GET /api/admin/escrow/due': { reply: json(escrowDueSchema) },
  'POST /api/admin/escrow/process-payouts': {
    body: processPayoutsBodySchema,
    reply: json(processPayoutsResultSchema),
  },
  'POST /api/admin/escrow/name-only/{name}/resolve': {
    params: z.object({ name: requiredTextField(500, 'Name the artist heard alone') }),
    body: resolveNameBodySchema,
    reply: json(resolveNameResultSchema),
  },
  'GET /api/admin/wallet-transactions': {
    query: z.object({
      ...staffListQuery(),
      type: z.optional(z.enum(staffWalletTypes, 'Use credit or debit')),
      /** SPEC §7's status filter: the kind of wallet line (card payment, split, returned from escrow…). */
      status: z.optional(z.enum(walletTransactionKinds, 'Choose a kind of wallet line')),
      sortBy: z.optional(z.enum(staffWalletSorts, 'Sort by date or amount')),
      sortOrder: sortOrderParam,
    }),
    reply: paged(z.array(staffWalletTransactionSchema)),
  },
  'GET /api/admin/wallet-transactions/stats': {
    query: z.object({
      period: z.prefault(z.enum(staffWalletPeriods, 'Use day, month, year or all'), 'month'),
    }),
    reply: json(staffWalletStatsSchema),
  },
} satisfies ResourceContracts<'admin-finances'>;
