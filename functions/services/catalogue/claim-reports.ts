// A fan's report of a wrong claim (docs/decisions/009-fan-profile-and-reports.md): it names the catalogue
// artist whose claim looks wrong; staff list the open ones later. One open report per fan and artist.
import { randomUUID } from 'node:crypto';
import type { ClaimReportReply } from '../../contracts/fan-profile';
import { fanProfileMessages } from '../../contracts/fan-profile';
import { getCatalogueArtist } from '../../data/catalogue/artists';
import { createClaimReport } from '../../data/claim-reports';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { requireAccount } from '../identity/accounts';

export interface ClaimReportDependencies {
  table: TableRef;
  clock: Clock;
}

/** The deployment's table and the product clock. */
export function claimReportDependencies(): ClaimReportDependencies {
  return { table: getTable(), clock: getClock() };
}

/**
 * `POST /api/claims/report/{id}` by a fan with an active account: 404 for an artist the catalogue does not know, 409
 * for a repeated open report.
 */
export async function reportWrongClaim(
  deps: ClaimReportDependencies,
  fanId: string,
  { artistId, reason }: { artistId: string; reason: string },
): Promise<ClaimReportReply> {
  const { table, clock } = deps;
  const [, artist] = await Promise.all([
    requireAccount(deps, 'fan', fanId),
    getCatalogueArtist(table, artistId),
  ]);
  if (!artist) {
    throw new AppError('not_found', fanProfileMessages.reportUnknownArtist, { code: 'artist_not_found' });
  }
  const report = {
    id: randomUUID(),
    fanId,
    target: { kind: 'artist' as const, id: artist.id, name: artist.name },
    reason,
    status: 'open' as const,
    createdAt: clock.now().toISOString(),
  };
  if ((await createClaimReport(table, report)) === 'repeated') {
    throw new AppError('conflict', fanProfileMessages.reportRepeated, { code: 'report_repeated' });
  }
  return { id: report.id, target: report.target, status: report.status, createdAt: report.createdAt };
}
