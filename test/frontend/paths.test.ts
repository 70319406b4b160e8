import { describe, expect, it } from 'vitest';
import { apiPaths, paths } from '../../frontend/src/lib/paths';

describe('paths', () => {
  it('builds fixed SPA paths', () => {
    // Prepare
    const built = [paths.home(), paths.fan.login(), paths.artist.home(), paths.admin.dashboard()];

    // Act
    const joined = built.join(' ');

    // Assess
    expect(joined).toBe('/ /login /for-artists /admin/dashboard');
  });

  it('fills and encodes parameters so an id cannot add a segment', () => {
    // Prepare
    const pieId = `pie/${crypto.randomUUID()}`;

    // Act
    const href = paths.fan.pieDetail({ pieId });

    // Assess
    expect(href).toBe(`/pie/${encodeURIComponent(pieId)}`);
  });

  it('builds API URLs on the three bases with an optional query', () => {
    // Prepare
    const query = { page: 1, search: 'björk', sort: undefined };

    // Act
    const urls = [apiPaths.fan('/artists', query), apiPaths.artist('user'), apiPaths.admin('/claims/list')];

    // Assess
    expect(urls).toEqual([
      '/api/artists?page=1&search=bj%C3%B6rk',
      '/api/for-artists/user',
      '/api/admin/claims/list',
    ]);
  });
});
