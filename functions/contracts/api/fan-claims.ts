import { claimReportReplySchema, claimReportSchema, profileIdParamsSchema } from '../fan-profile';
import type { ResourceContracts } from './contract';
import { json } from './contract';

export const fanClaimsContracts = {
  // `{id}` is the catalogue artist whose claim looks wrong (docs/decisions/009-fan-profile-and-reports.md).
  'POST /api/claims/report/{id}': {
    params: profileIdParamsSchema,
    body: claimReportSchema,
    reply: json(claimReportReplySchema),
  },
} satisfies ResourceContracts<'fan-claims'>;
