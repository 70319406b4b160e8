import { describe, expect, it } from 'vitest';
import { appendQuery, paths } from '../../frontend/src/lib/paths';

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

  it('appends a query, skipping undefined values, to a path with or without one', () => {
    // Prepare
    const query = { page: 1, search: 'björk', sort: undefined };

    // Act
    const urls = [
      appendQuery('/artists', query),
      appendQuery('/artists?x=1', { page: 2 }),
      appendQuery('/a', {}),
    ];

    // Assess
    expect(urls).toEqual(['/artists?page=1&search=bj%C3%B6rk', '/artists?x=1&page=2', '/a']);
  });
});
