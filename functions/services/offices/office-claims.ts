// Whether an office's claims keep it from being deleted (issue #13: "refused while it holds money or claims").
// Claims are not built yet, so no office has any: this answers 'none' until the claims work replaces it with a read
// of the office's pending, verified and successful claims. The deletion already asks it, so nothing else changes then.
import type { TableRef } from '../../data/table';

export type OfficeClaimsCheck = 'none' | 'has-claims';

export function checkOfficeClaimsBlockingDeletion(
  _deps: { table: TableRef },
  _officeId: string,
): Promise<OfficeClaimsCheck> {
  return Promise.resolve('none');
}
