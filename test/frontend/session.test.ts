// The guards' question to the server (SPEC §2, §7): who is signed in, per role.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../frontend/src/lib/api-client';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import { fetchSession, sessionEndpoints, signInPaths } from '../../frontend/src/lib/session';

function makeFetchReplying(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => Response.json(body, { status }));
}

function makeFailure(status: number, code: string) {
  return { success: false, message: `HTTP ${status}`, code, requestId: `req-${crypto.randomUUID()}` };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fetchSession', () => {
  it.each([
    ['fan', '/api/user', '/login'],
    ['artist', '/api/for-artists/user', '/for-artists/login'],
    ['admin', '/api/admin/profile', '/admin'],
  ] as const)('asks %s at %s and signs in at %s', async (role, endpoint, signIn) => {
    // Prepare
    const account = { id: `account-${crypto.randomUUID()}` };
    const fetchImpl = makeFetchReplying(200, { success: true, data: account });
    const client = createApiClient({ fetch: fetchImpl, navigate: vi.fn() });

    // Act
    const session = await fetchSession(role, client);

    // Assess
    expect(session).toEqual({ role, account });
    expect(fetchImpl.mock.calls[0]?.[0]).toBe(endpoint);
    expect(sessionEndpoints[role]).toBe(endpoint);
    expect(signInPaths[role]).toBe(signIn);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [501, 'not_implemented'],
  ])('treats %i as not signed in', async (status, code) => {
    // Prepare
    const client = createApiClient({
      fetch: makeFetchReplying(status, makeFailure(status, code)),
      navigate: vi.fn(),
    });

    // Act
    const session = await fetchSession('fan', client);

    // Assess
    expect(session).toBeNull();
  });

  it('lets a server failure through, so it is not mistaken for being signed out', async () => {
    // Prepare
    const client = createApiClient({
      fetch: makeFetchReplying(503, makeFailure(503, 'unhealthy')),
      navigate: vi.fn(),
    });

    // Act
    const outcome = fetchSession('artist', client);

    // Assess
    await expect(outcome).rejects.toMatchObject({ status: 503, code: 'unhealthy' });
  });

  it('leaves the navigation to the guard: its own client does not follow the 401 rule to /login', async () => {
    // Prepare
    vi.stubGlobal('fetch', makeFetchReplying(401, makeFailure(401, 'unauthorized')));
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});

    // Act
    const session = await fetchSession('admin');

    // Assess
    expect(session).toBeNull();
    expect(goTo).not.toHaveBeenCalled();
  });
});
