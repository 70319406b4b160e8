// The fan wallet (SPEC §7).
import * as z from 'zod/mini';
import {
  walletBalanceSchema,
  walletSummarySchema,
  walletTransactionFilters,
  walletTransactionSchema,
} from '../payments';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { wholeNumberParam } from './fields';

export const fanWalletContracts = {
  'GET /api/fan-wallet/balance': { reply: json(walletBalanceSchema) },
  'GET /api/fan-wallet/transactions': {
    // SPEC §9: 20 per page unless asked.
    query: z.object({
      limit: wholeNumberParam(100, 20),
      page: wholeNumberParam(10_000, 1),
      type: z.prefault(z.enum(walletTransactionFilters, 'Use all, credit or debit'), 'all'),
    }),
    reply: paged(z.array(walletTransactionSchema)),
  },
  'GET /api/fan-wallet/summary': { reply: json(walletSummarySchema) },
} satisfies ResourceContracts<'fan-wallet'>;
