// The office's Stripe Connect account, balances and payouts (SPEC §7), built by issue #13. Calls whose query SPEC
// and the issue do not state take none yet.
import * as z from 'zod/mini';
import {
  loginLinkReplySchema,
  onboardingLinkReplySchema,
  payoutAccountReplySchema,
} from '../artist-payments';
import { transactionFilters } from '../claims';
import type { ResourceContracts } from './contract';
import { json, notBuilt } from './contract';
import { idField } from './fields';

const officeId = idField('an office id');
const officeQuery = z.object({ officeId });

export const artistPaymentsContracts = {
  'GET /api/for-artists/stripe/createLoginLink': { query: officeQuery, reply: json(loginLinkReplySchema) },
  'GET /api/for-artists/stripe/check-monthly-fee': { reply: notBuilt('#13') },
  'POST /api/for-artists/stripe/completeOnboarding': {
    body: officeQuery,
    reply: json(onboardingLinkReplySchema),
  },
  'GET /api/for-artists/stripe/account-status': { query: officeQuery, reply: json(payoutAccountReplySchema) },
  'GET /api/for-artists/stripe/payouts': { reply: notBuilt('#13') },
  'GET /api/for-artists/stripe/payout-details': {
    query: z.object({ officeId, payoutId: idField('a payout id') }),
    reply: notBuilt('#13'),
  },
  'POST /api/for-artists/stripe/create-payout': { body: officeQuery, reply: notBuilt('#13') },
  'GET /api/for-artists/stripe/transfers-without-payouts': { reply: notBuilt('#13') },
  'GET /api/for-artists/stripe/connected-account-balance': { reply: notBuilt('#13') },
  'GET /api/for-artists/stripe/balance': { reply: notBuilt('#13') },
  'GET /api/for-artists/stripe/wallet-balance': { reply: notBuilt('#13') },
  'GET /api/for-artists/stripe/transactions': {
    query: z.object({
      officeId,
      filter: z.optional(z.enum(transactionFilters, 'Use all, credit or payout')),
    }),
    reply: notBuilt('#13'),
  },
  'GET /api/for-artists/stripe/transaction-details': {
    query: z.object({ officeId, transactionId: idField('a transaction id') }),
    reply: notBuilt('#13'),
  },
  'GET /api/for-artists/stripe/total-payout': { reply: notBuilt('#13') },
} satisfies ResourceContracts<'artist-payments'>;
