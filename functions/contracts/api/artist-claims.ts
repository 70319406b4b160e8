// Claims of artist profiles (SPEC §7), with their money (decision 029) and bio check (027).
import * as z from 'zod/mini';
import {
  claimDetailReplySchema,
  claimListQuerySchema,
  claimReplySchema,
  claimTransactionsQuerySchema,
  createClaimSchema,
  verifyBioSchema,
} from '../claims';
import { verifyBioReplySchema } from '../verification';
import { artistStatsReplySchema } from '../give-back';
import { officeTransactionSchema, payoutListReplySchema } from '../artist-payments';
import type { ResourceContracts } from './contract';
import { json, paged } from './contract';
import { idParams } from './fields';

const claimParams = idParams('id');

export const artistClaimsContracts = {
  'GET /api/for-artists/claims': {
    officeRight: 'view-office',
    query: claimListQuerySchema,
    reply: json(z.array(claimReplySchema)),
  },
  'POST /api/for-artists/claims': {
    officeRight: 'manage-office',
    body: createClaimSchema,
    reply: json(claimReplySchema),
  },
  'GET /api/for-artists/claims/{id}': {
    officeRight: 'view-office',
    params: claimParams,
    reply: json(claimReplySchema),
  },
  'GET /api/for-artists/claims/{id}/detailed': {
    officeRight: 'view-office',
    params: claimParams,
    reply: json(claimDetailReplySchema),
  },
  'DELETE /api/for-artists/claims/{id}': {
    officeRight: 'manage-office',
    params: claimParams,
    reply: json(claimReplySchema),
  },
  'GET /api/for-artists/claims/{id}/transactions': {
    officeRight: 'read-money',
    params: claimParams,
    query: claimTransactionsQuerySchema,
    reply: paged(z.array(officeTransactionSchema)),
  },
  'GET /api/for-artists/claims/{id}/payouts': {
    officeRight: 'read-money',
    params: claimParams,
    reply: json(payoutListReplySchema),
  },
  'POST /api/for-artists/claims/{id}/verify-bio': {
    officeRight: 'manage-office',
    params: claimParams,
    body: verifyBioSchema,
    reply: json(verifyBioReplySchema),
  },
  // An artist's screen: chart, fans this month, claim status (decision 030).
  'GET /api/for-artists/claims/{id}/stats': {
    officeRight: 'view-office',
    params: claimParams,
    reply: json(artistStatsReplySchema),
  },
} satisfies ResourceContracts<'artist-claims'>;
