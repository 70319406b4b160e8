// Claims of artist profiles (SPEC §7), built by issue #13. Transactions, payouts and the bio check come with the
// money and verification work and answer 501 until then.
import * as z from 'zod/mini';
import {
  claimDetailReplySchema,
  claimListQuerySchema,
  claimReplySchema,
  claimTransactionsQuerySchema,
  createClaimSchema,
  verifyBioSchema,
} from '../claims';
import type { ResourceContracts } from './contract';
import { json, notBuilt } from './contract';
import { idParams } from './fields';

const claimParams = idParams('id');

export const artistClaimsContracts = {
  'GET /api/for-artists/claims': { query: claimListQuerySchema, reply: json(z.array(claimReplySchema)) },
  'POST /api/for-artists/claims': { body: createClaimSchema, reply: json(claimReplySchema) },
  'GET /api/for-artists/claims/{id}': { params: claimParams, reply: json(claimReplySchema) },
  'GET /api/for-artists/claims/{id}/detailed': { params: claimParams, reply: json(claimDetailReplySchema) },
  'DELETE /api/for-artists/claims/{id}': { params: claimParams, reply: json(claimReplySchema) },
  'GET /api/for-artists/claims/{id}/transactions': {
    params: claimParams,
    query: claimTransactionsQuerySchema,
    reply: notBuilt('#13'),
  },
  'GET /api/for-artists/claims/{id}/payouts': { params: claimParams, reply: notBuilt('#13') },
  'POST /api/for-artists/claims/{id}/verify-bio': {
    params: claimParams,
    body: verifyBioSchema,
    reply: notBuilt('#13'),
  },
} satisfies ResourceContracts<'artist-claims'>;
