// The office's Stripe Connect account, balances and payouts (SPEC §7; decisions 025, 029):
// every call names its office (`officeId`), and an office's reads need `read-money`, its payouts `manage-money`.
import * as z from 'zod/mini';
import {
  connectedBalanceReplySchema,
  createPayoutSchema,
  loginLinkReplySchema,
  monthlyFeeReplySchema,
  officeBalanceReplySchema,
  officeTransactionDetailSchema,
  officeTransactionSchema,
  officeWalletBalanceReplySchema,
  onboardingLinkReplySchema,
  payoutAccountReplySchema,
  payoutListReplySchema,
  payoutReplySchema,
  payoutTotalReplySchema,
  transferWithoutPayoutSchema,
} from '../artist-payments';
import { transactionFilters } from '../claims';
import {
  giveBackOverviewQuerySchema,
  giveBackOverviewReplySchema,
  giveBackPreviewQuerySchema,
  giveBackPreviewReplySchema,
  giveBackReplySchema,
  giveBackSchema,
  statementQuerySchema,
  statementReplySchema,
} from '../give-back';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { idField, wholeNumberParam } from './fields';

const officeId = idField('an office id');
const officeQuery = z.object({ officeId });

export const artistPaymentsContracts = {
  'GET /api/for-artists/stripe/createLoginLink': {
    officeRight: 'manage-money',
    query: officeQuery,
    reply: json(loginLinkReplySchema),
  },
  'GET /api/for-artists/stripe/check-monthly-fee': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(monthlyFeeReplySchema),
  },
  'POST /api/for-artists/stripe/completeOnboarding': {
    officeRight: 'manage-money',
    body: officeQuery,
    reply: json(onboardingLinkReplySchema),
  },
  'GET /api/for-artists/stripe/account-status': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(payoutAccountReplySchema),
  },
  'GET /api/for-artists/stripe/payouts': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(payoutListReplySchema),
  },
  'GET /api/for-artists/stripe/payout-details': {
    officeRight: 'read-money',
    query: z.object({ officeId, payoutId: idField('a payout id') }),
    reply: json(payoutReplySchema),
  },
  'POST /api/for-artists/stripe/create-payout': {
    officeRight: 'manage-money',
    body: createPayoutSchema,
    reply: json(payoutReplySchema),
  },
  'GET /api/for-artists/stripe/transfers-without-payouts': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(z.array(transferWithoutPayoutSchema)),
  },
  'GET /api/for-artists/stripe/connected-account-balance': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(connectedBalanceReplySchema),
  },
  'GET /api/for-artists/stripe/balance': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(officeBalanceReplySchema),
  },
  'GET /api/for-artists/stripe/wallet-balance': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(officeWalletBalanceReplySchema),
  },
  'GET /api/for-artists/stripe/transactions': {
    officeRight: 'read-money',
    // SPEC §9: 20 per page unless asked.
    query: z.object({
      officeId,
      filter: z.prefault(z.enum(transactionFilters, 'Use all, credit or payout'), 'all'),
      page: wholeNumberParam(10_000, 1),
      limit: wholeNumberParam(100, 20),
    }),
    reply: paged(z.array(officeTransactionSchema)),
  },
  'GET /api/for-artists/stripe/transaction-details': {
    officeRight: 'read-money',
    query: z.object({ officeId, transactionId: idField('a transaction id') }),
    reply: json(officeTransactionDetailSchema),
  },
  'GET /api/for-artists/stripe/total-payout': {
    officeRight: 'read-money',
    query: officeQuery,
    reply: json(payoutTotalReplySchema),
  },
  // Give-back and statements (decision 030).
  'GET /api/for-artists/give-back': {
    officeRight: 'read-money',
    query: giveBackOverviewQuerySchema,
    reply: json(giveBackOverviewReplySchema),
  },
  'GET /api/for-artists/give-back/preview': {
    officeRight: 'manage-money',
    query: giveBackPreviewQuerySchema,
    reply: json(giveBackPreviewReplySchema),
  },
  'POST /api/for-artists/give-back': {
    officeRight: 'manage-money',
    body: giveBackSchema,
    reply: json(giveBackReplySchema),
  },
  'GET /api/for-artists/statements': {
    officeRight: 'read-money',
    query: statementQuerySchema,
    reply: json(statementReplySchema),
  },
} satisfies ResourceContracts<'artist-payments'>;
