// The guards' question to the server (SPEC §2, §7): who is signed in, per role.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../frontend/src/lib/api-client';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import {
  fetchHintedSession,
  fetchSession,
  sessionEndpoints,
  signInPaths,
} from '../../frontend/src/lib/session';
import {
  forgetSessionHints,
  hasSessionHint,
  readSessionHints,
  rememberSessionHint,
} from '../../frontend/src/lib/session-hints';

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

  it.each([
    [503, 'unhealthy'],
    [501, 'not_implemented'],
  ])(
    'lets a server failure (%i) through, so it is not mistaken for being signed out',
    async (status, code) => {
      // Prepare
      const client = createApiClient({
        fetch: makeFetchReplying(status, makeFailure(status, code)),
        navigate: vi.fn(),
      });

      // Act
      const outcome = fetchSession('artist', client);

      // Assess
      await expect(outcome).rejects.toMatchObject({ status, code });
    },
  );

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

describe('the session hint (which areas this browser signed in to)', () => {
  it('is remembered when the server confirms a session, and dropped for both areas a 401 signs out', async () => {
    // Prepare
    const account = { id: `fan-${crypto.randomUUID()}` };
    const confirming = createApiClient({
      fetch: makeFetchReplying(200, { success: true, data: account }),
      navigate: vi.fn(),
    });
    const refusing = createApiClient({
      fetch: makeFetchReplying(401, makeFailure(401, 'unauthorized')),
      navigate: vi.fn(),
    });
    rememberSessionHint('artist');
    rememberSessionHint('admin');

    // Act
    await fetchSession('fan', confirming);
    const afterConfirmation = readSessionHints();
    await fetchSession('fan', refusing);
    const afterRefusal = readSessionHints();

    // Assess
    expect(afterConfirmation).toEqual(['artist', 'admin', 'fan']);
    // SPEC §4: a 401 in the fan API clears the fan and the artist cookie; the staff one lives on.
    expect(afterRefusal).toEqual(['admin']);
  });

  it('drops every hint on a 401 from the staff API, which clears all three cookies', async () => {
    // Prepare
    const refusing = createApiClient({
      fetch: makeFetchReplying(401, makeFailure(401, 'unauthorized')),
      navigate: vi.fn(),
    });
    for (const role of ['fan', 'artist', 'admin'] as const) rememberSessionHint(role);

    // Act
    await fetchSession('admin', refusing);

    // Assess
    expect(readSessionHints()).toEqual([]);
  });

  it('is dropped by the app client on any 401, wherever it came from', async () => {
    // Prepare
    const client = createApiClient({
      fetch: makeFetchReplying(401, makeFailure(401, 'unauthorized')),
      navigate: vi.fn(),
      getPathname: () => '/history',
    });
    rememberSessionHint('fan');

    // Act
    await client.get('/api/tracks/user/latest').catch(() => undefined);

    // Assess
    expect(hasSessionHint('fan')).toBe(false);
  });

  it('keeps open pages from asking about an area this browser never signed in to', async () => {
    // Prepare
    const fetchImpl = makeFetchReplying(401, makeFailure(401, 'unauthorized'));
    const client = createApiClient({ fetch: fetchImpl, navigate: vi.fn() });

    // Act
    const session = await fetchHintedSession('fan', client);

    // Assess
    // Asking would have answered 401 and, by SPEC §4, signed the visitor out of the artist area too.
    expect(session).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('lets an open page ask when hinted, and shows it as signed out when the server cannot say', async () => {
    // Prepare
    const account = { id: `fan-${crypto.randomUUID()}` };
    const confirming = createApiClient({
      fetch: makeFetchReplying(200, { success: true, data: account }),
      navigate: vi.fn(),
    });
    const failing = createApiClient({
      fetch: makeFetchReplying(503, makeFailure(503, 'unhealthy')),
      navigate: vi.fn(),
    });
    rememberSessionHint('fan');

    // Act
    const signedIn = await fetchHintedSession('fan', confirming);
    const unknown = await fetchHintedSession('fan', failing);

    // Assess
    expect(signedIn).toEqual({ role: 'fan', account });
    expect(unknown).toBeNull();
    // A server that cannot answer says nothing about the session: the hint stays for the next page.
    expect(hasSessionHint('fan')).toBe(true);
  });

  it('asks the server once when a guard and its layout want the same session together', async () => {
    // Prepare
    const fetchMock = makeFetchReplying(200, { success: true, data: { id: 'fan-1' } });
    vi.stubGlobal('fetch', fetchMock);
    rememberSessionHint('fan');

    // Act
    const [guard, layout] = await Promise.all([fetchSession('fan'), fetchHintedSession('fan')]);
    await fetchSession('fan');

    // Assess
    expect(guard).toEqual(layout);
    // Two questions at once share one request; a later one asks again.
    expect(fetchMock).toHaveBeenCalledTimes(2);
    forgetSessionHints(['fan']);
  });
});
