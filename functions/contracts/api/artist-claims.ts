// Claims of artist profiles (SPEC §7), built by issue #13.
import { claimTransactionsQuerySchema, createClaimSchema, verifyBioSchema } from '../claims';
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';
import { idParams } from './fields';

const claimParams = idParams('id');

export const artistClaimsContracts = {
  'GET /api/for-artists/claims': { reply: notBuilt('#13') },
  'POST /api/for-artists/claims': { body: createClaimSchema, reply: notBuilt('#13') },
  'GET /api/for-artists/claims/{id}': { params: claimParams, reply: notBuilt('#13') },
  'GET /api/for-artists/claims/{id}/detailed': { params: claimParams, reply: notBuilt('#13') },
  'DELETE /api/for-artists/claims/{id}': { params: claimParams, reply: notBuilt('#13') },
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
