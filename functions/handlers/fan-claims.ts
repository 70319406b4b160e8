// Routes of the 'fan-claims' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { randomUUID } from 'node:crypto';
import type { ClaimReportReply } from '../contracts/fan-profile';
import { claimReportSchema, fanProfileMessages, profileIdParamsSchema } from '../contracts/fan-profile';
import { getCatalogueArtist } from '../data/catalogue';
import { createClaimReport } from '../data/claim-reports';
import { AppError } from '../domain/errors';
import { requirePrincipal } from './lib/auth';
import { created } from './lib/http';
import { requireAccount } from '../services/identity';
import { createResourceHandler, defineRoute } from './lib/resource';
import { getTable } from '../runtime/table';

export const handler = createResourceHandler('fan-claims', {
  // `{id}` is the catalogue artist whose claim looks wrong (docs/decisions/009-fan-profile-and-reports.md).
  'POST /api/claims/report/{id}': defineRoute({
    params: profileIdParamsSchema,
    body: claimReportSchema,
    handle: async ({ params, body, principal, now }) => {
      const { userId } = requirePrincipal(principal);
      const [, artist] = await Promise.all([
        requireAccount('fan', userId),
        getCatalogueArtist(getTable(), params.id),
      ]);
      if (!artist) {
        throw new AppError('not_found', fanProfileMessages.reportUnknownArtist, { code: 'artist_not_found' });
      }
      const report = {
        id: randomUUID(),
        fanId: userId,
        target: { kind: 'artist' as const, id: artist.id, name: artist.name },
        reason: body.reason,
        status: 'open' as const,
        createdAt: now.toISOString(),
      };
      if ((await createClaimReport(getTable(), report)) === 'repeated') {
        throw new AppError('conflict', fanProfileMessages.reportRepeated, { code: 'report_repeated' });
      }
      const reply: ClaimReportReply = {
        id: report.id,
        target: report.target,
        status: report.status,
        createdAt: report.createdAt,
      };
      return created(reply);
    },
  }),
});
