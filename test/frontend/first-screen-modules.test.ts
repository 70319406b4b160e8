// Which route modules the first load of a path starts beside the router (frontend/src/app/first-screen-modules.ts):
// the area's layout and, on the pages people arrive on, the screen, and nothing for the staff console.
import { describe, expect, it } from 'vitest';
import {
  loadArtistIdentity,
  loadArtistLanding,
  loadArtistLayout,
  loadFanArea,
  loadFanIdentity,
  loadFanLayout,
  loadPromo,
  selectFirstScreenModules,
} from '../../frontend/src/app/first-screen-modules';

describe('the first screen of a load', () => {
  it('starts the layout and the screen of the pages people arrive on', () => {
    expect(selectFirstScreenModules('/login')).toEqual([loadFanLayout, loadFanIdentity]);
    expect(selectFirstScreenModules('/register/')).toEqual([loadFanLayout, loadFanIdentity]);
    expect(selectFirstScreenModules('/try')).toEqual([loadPromo, loadFanLayout]);
    expect(selectFirstScreenModules('/for-artists')).toEqual([loadArtistLayout, loadArtistLanding]);
    expect(selectFirstScreenModules('/for-artists/login')).toEqual([loadArtistLayout, loadArtistIdentity]);
    expect(selectFirstScreenModules('/pie').slice(0, 2)).toEqual([loadFanLayout, loadFanArea]);
  });

  it("starts only the area's layout elsewhere, and nothing in the staff console", () => {
    expect(selectFirstScreenModules('/help')).toEqual([loadFanLayout]);
    expect(selectFirstScreenModules('/for-artists/funds')).toEqual([loadArtistLayout]);
    expect(selectFirstScreenModules('/admin')).toEqual([]);
    expect(selectFirstScreenModules('/admin/fans/u-1')).toEqual([]);
  });

  it('loads the same modules the router loads: each import gives the module the router renders', async () => {
    const [layout, promo] = await Promise.all([loadFanLayout(), loadPromo()]);
    expect(typeof layout.FanLayout).toBe('function');
    expect(typeof promo.PromoScreen).toBe('function');
  });
});
