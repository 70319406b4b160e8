// The fan wallet (SPEC §7), built by issue #11.
import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { textField, wholeNumberParam } from './fields';

export const fanWalletContracts = {
  'GET /api/fan-wallet/balance': { reply: notBuilt('#11') },
  'GET /api/fan-wallet/transactions': {
    // SPEC §9: 20 per page unless asked.
    query: z.object({
      limit: wholeNumberParam(100, 20),
      page: wholeNumberParam(10_000, 1),
      type: z.optional(textField(32)),
    }),
    reply: notBuilt('#11'),
  },
  'GET /api/fan-wallet/summary': { reply: notBuilt('#11') },
} satisfies ResourceContracts<'fan-wallet'>;
