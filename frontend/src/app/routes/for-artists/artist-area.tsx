// The artist area under /for-artists (SPEC §2). This chunk loads only when an artist route is
// visited; the screens themselves arrive in a later issue.
import { AreaPlaceholder } from '../../../components/area-placeholder';

export function ArtistAreaLayout() {
  return (
    <AreaPlaceholder
      areaName="OpenPie for Artists"
      brandSuffix="for Artists"
      purpose="This is where artists and their offices will claim artist profiles, verify them through a link in a social bio, manage their team, and see balances and payouts through Stripe Connect."
    />
  );
}
