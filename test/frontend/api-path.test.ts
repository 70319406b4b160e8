// lib/api-path: API URLs named by the manifest's route keys. The `@ts-expect-error` lines are part of the test: the
// typecheck (npm run typecheck) fails if a typo, a route the server does not answer, or a missing parameter is ever
// accepted.
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/contracts/routes';
import { apiPath, type ApiRouteKey } from '../../frontend/src/lib/api-path';
import { sessionEndpoints } from '../../frontend/src/lib/session';

/** apiPath with its types taken away, as JavaScript (or a cast) could call it. */
const callUntyped = apiPath as (key: string, options?: { params?: Record<string, string> }) => string;

describe('apiPath', () => {
  it('turns a route key into its path, with the query appended', () => {
    // Act
    const urls = [
      apiPath('GET /api/user'),
      apiPath('GET /api/tracks/user/daily', { query: { startDate: '2026-11-01', endDate: '2026-11-30' } }),
      apiPath('GET /api/artists/user', { query: { page: 2, search: undefined, sortBy: 'popular' } }),
      apiPath('POST /api/for-artists/auth/login'),
      apiPath('GET /api/admin/profile', { query: {} }),
    ];

    // Assess
    expect(urls).toEqual([
      '/api/user',
      '/api/tracks/user/daily?startDate=2026-11-01&endDate=2026-11-30',
      '/api/artists/user?page=2&sortBy=popular',
      '/api/for-artists/auth/login',
      '/api/admin/profile',
    ]);
  });

  it('fills each {param} with its value, encoded so it stays one segment', () => {
    // Prepare
    const officeId = 'office 1/../../admin';
    const member = 'robin+team@openpie.example';

    // Act
    const urls = [
      apiPath('POST /api/claims/report/{id}', { params: { id: '0OdUWJ0sBjDrqHygGUXeCF' } }),
      apiPath('DELETE /api/for-artists/offices/{officeId}/members/{member}', {
        params: { officeId, member },
      }),
      apiPath('GET /api/user/details/{id}', { params: { id: 'a?b#c' }, query: { page: 1 } }),
    ];

    // Assess
    expect(urls).toEqual([
      '/api/claims/report/0OdUWJ0sBjDrqHygGUXeCF',
      '/api/for-artists/offices/office%201%2F..%2F..%2Fadmin/members/robin%2Bteam%40openpie.example',
      '/api/user/details/a%3Fb%23c?page=1',
    ]);
  });

  it('refuses at run time a parameter the types were talked out of', () => {
    // Act
    const build = () => callUntyped('GET /api/user/details/{id}', { params: {} });

    // Assess
    expect(build).toThrow('Missing API path parameter "id" for GET /api/user/details/{id}');
  });

  it('names every route of the manifest, and nothing else, by its key', () => {
    // Prepare
    const bases = { fan: '/api', artist: '/api/for-artists', admin: '/api/admin' } as const;
    const manifestKeys = routes.map((route) => `${route.method} ${bases[route.base]}${route.path}`);
    const typedKey: ApiRouteKey = 'GET /api/tracks/user/daily';

    // Act
    const built = manifestKeys.map((key) => (key.includes('{') ? null : callUntyped(key)));

    // Assess
    expect(manifestKeys).toContain(typedKey);
    expect(built.filter((url) => url !== null).every((url) => url.startsWith('/api'))).toBe(true);
    expect(Object.values(sessionEndpoints)).toEqual([
      '/api/user',
      '/api/for-artists/user',
      '/api/admin/profile',
    ]);
  });

  it('turns typos and missing parameters into type errors', () => {
    // Act
    const attempts = [
      // @ts-expect-error: a typo in the path is no route of the manifest.
      () => apiPath('GET /api/tracks/user/dialy'),
      // @ts-expect-error: the route exists, but not for this method.
      () => apiPath('DELETE /api/user'),
      // @ts-expect-error: a route with a parameter needs its value.
      () => apiPath('GET /api/user/details/{id}'),
      // @ts-expect-error: the parameter is called id, not userId.
      () => apiPath('GET /api/user/details/{id}', { params: { userId: 'x' } }),
    ];

    // Assess
    // Each one fails at run time too: the manifest has no such route, or a parameter has no value. The first two
    // build a path nobody answers, which is exactly what the type error prevents.
    expect(attempts[0]?.()).toBe('/api/tracks/user/dialy');
    expect(attempts[1]?.()).toBe('/api/user');
    expect(attempts[2]).toThrow();
    expect(attempts[3]).toThrow();
  });
});
