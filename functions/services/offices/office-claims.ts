// Whether an office's claims keep it from being deleted ("refused while it holds money or claims"): a
// pending, verified or successful claim does; deleted and rejected claims do not.
import { hasOpenOfficeClaims } from '../../data/claims';
import type { TableRef } from '../../data/table';

export type OfficeClaimsCheck = 'none' | 'has-claims';

export async function checkOfficeClaimsBlockingDeletion(
  deps: { table: TableRef },
  officeId: string,
): Promise<OfficeClaimsCheck> {
  return (await hasOpenOfficeClaims(deps.table, officeId)) ? 'has-claims' : 'none';
}
