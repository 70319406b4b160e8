// The staff area under /admin (SPEC §2). This chunk loads only when an admin route is visited; the
// screens themselves arrive in a later issue.
import { AreaPlaceholder } from '../../../components/area-placeholder';

export function AdminAreaLayout() {
  return (
    <AreaPlaceholder
      areaName="OpenPie Admin"
      brandSuffix="Admin"
      purpose="This is where staff will review claims, artists, fans and offices, follow finances and escrow, and run the reconciliation checks that keep every cent accounted for."
    />
  );
}
