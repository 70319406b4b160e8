// The fan side of OpenPie (SPEC §2: the public fan screens and the fan area). This chunk loads only
// when one of those routes is visited; the screens themselves arrive in a later issue.
import { AreaPlaceholder } from '../../../components/area-placeholder';

export function FanAreaLayout() {
  return (
    <AreaPlaceholder
      areaName="The fan area"
      purpose="This is where fans will sign in, fund and tune their pie, see their listening history and top artists, and keep their fan wallet."
    />
  );
}
