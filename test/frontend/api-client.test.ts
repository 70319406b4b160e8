import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from '../../frontend/src/lib/api-client';
import { apiPath } from '../../frontend/src/lib/api-path';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/** A fetch that answers every call with one JSON reply. */
function makeFetchReplying(status: number, body: unknown): FetchMock {
  return vi.fn<typeof fetch>(async () =>
    Response.json(body, { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function makeFailureBody(overrides: Record<string, unknown> = {}) {
  return {
    success: false,
    message: 'Please check the highlighted fields.',
    code: 'validation_failed',
    requestId: `req-${crypto.randomUUID()}`,
    ...overrides,
  };
}

/** A client whose 401 navigation is recorded instead of leaving the page. */
function makeClient(fetchImpl: FetchMock, pathname = '/dashboard') {
  const navigate = vi.fn<(to: string) => void>();
  const client = createApiClient({ fetch: fetchImpl, navigate, getPathname: () => pathname });
  return { client, navigate };
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client: success', () => {
  it('unwraps data and pagination from the envelope', async () => {
    // Prepare
    const artistId = `artist-${crypto.randomUUID()}`;
    const fetchImpl = makeFetchReplying(200, {
      success: true,
      data: [{ id: artistId }],
      pagination: { page: 2, limit: 6, total: 7, pages: 2 },
    });
    const { client } = makeClient(fetchImpl);

    // Act
    const reply = await client.send<{ id: string }[]>(
      apiPath('GET /api/for-artists/search', { query: { search_term: 'x', page: 2 } }),
    );

    // Assess
    expect(reply.data).toEqual([{ id: artistId }]);
    expect(reply.pagination).toEqual({ page: 2, limit: 6, total: 7, pages: 2 });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/api/for-artists/search?search_term=x&page=2',
      expect.objectContaining({ method: 'GET', credentials: 'include' }),
    );
  });

  it('sends a JSON body with credentials and returns only data from post()', async () => {
    // Prepare
    const pieId = `pie-${crypto.randomUUID()}`;
    const fetchImpl = makeFetchReplying(200, { success: true, data: { pieId } });
    const { client } = makeClient(fetchImpl);

    // Act
    const data = await client.patch<{ pieId: string }>(
      apiPath('PATCH /api/pie/{pieId}', { params: { pieId } }),
      { artistLimit: 12 },
    );

    // Assess
    expect(data).toEqual({ pieId });
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.method).toBe('PATCH');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe(JSON.stringify({ artistLimit: 12 }));
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });
});

describe('api client: replies it cannot unwrap', () => {
  it('returns no data for a 204', async () => {
    // Prepare
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    const { client } = makeClient(fetchImpl);

    // Act
    const data = await client.delete(
      apiPath('DELETE /api/for-artists/claims/{id}', { params: { id: crypto.randomUUID() } }),
    );

    // Assess
    expect(data).toBeUndefined();
  });

  it('rejects a 200 whose body is not a success envelope', async () => {
    // Prepare
    const { client } = makeClient(makeFetchReplying(200, { user: 'not wrapped' }));

    // Act
    const error = await captureError(client.get(apiPath('GET /api/user')));

    // Assess
    expect(error).toMatchObject({ status: 200, code: 'unreadable_reply' });
  });
});

describe('api client: failures', () => {
  it('throws an ApiError carrying the fields of a 422', async () => {
    // Prepare
    const body = makeFailureBody({ fields: { email: 'Invalid email', password: 'Password is required' } });
    const { client, navigate } = makeClient(makeFetchReplying(422, body));

    // Act
    const error = await captureError(client.post(apiPath('POST /api/user/joinBeta'), {}));

    // Assess
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Please check the highlighted fields.',
      fields: { email: 'Invalid email', password: 'Password is required' },
      requestId: body.requestId,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('maps a reply that is not an envelope to an ApiError with the status', async () => {
    // Prepare
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    const { client } = makeClient(fetchImpl);

    // Act
    const error = await captureError(client.get(apiPath('GET /api/user')));

    // Assess
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'internal_error', fields: {} });
  });

  it('maps a network failure to status 0 with a message for people', async () => {
    // Prepare
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client } = makeClient(fetchImpl);

    // Act
    const error = await captureError(client.get(apiPath('GET /api/user')));

    // Assess
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect((error as ApiError).message).toMatch(/could not reach OpenPie/);
  });

  it('hands an abort back to the caller untouched', async () => {
    // Prepare
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const { client } = makeClient(fetchImpl);

    // Act
    const error = await captureError(client.get(apiPath('GET /api/user')));

    // Assess
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('api client: the 401 rule (SPEC §4)', () => {
  const unauthorized = () => makeFailureBody({ code: 'unauthorized', message: 'Please sign in again.' });

  it.each([
    ['/for-artists/funds', '/for-artists'],
    ['/for-artists/team/member-1', '/for-artists'],
    ['/dashboard', '/login'],
    ['/admin/claims', '/login'],
    ['/for-artistsX', '/login'],
  ])('from %s goes to %s', async (pathname, expected) => {
    // Prepare
    const { client, navigate } = makeClient(makeFetchReplying(401, unauthorized()), pathname);

    // Act
    const error = await captureError(client.get(apiPath('GET /api/for-artists/claims')));

    // Assess
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(expected);
  });

  it('clears the readable copies of both access tokens', async () => {
    // Prepare
    document.cookie = `openpie_access_token_fan=${crypto.randomUUID()}; Path=/`;
    document.cookie = `openpie_access_token_artist=${crypto.randomUUID()}; Path=/`;
    document.cookie = 'openpie_cookie_preferences=kept; Path=/';
    const { client } = makeClient(makeFetchReplying(401, unauthorized()));

    // Act
    await captureError(client.get(apiPath('GET /api/user')));

    // Assess
    expect(document.cookie).not.toContain('openpie_access_token_fan');
    expect(document.cookie).not.toContain('openpie_access_token_artist');
    expect(document.cookie).toContain('openpie_cookie_preferences=kept');
  });

  it.each([
    apiPath('POST /api/auth/login'),
    apiPath('POST /api/auth/register'),
    apiPath('POST /api/for-artists/auth/login'),
    apiPath('POST /api/for-artists/auth/register'),
    apiPath('POST /api/admin/auth/login'),
  ])('leaves the session alone for %s (a wrong password is not an expired session)', async (url) => {
    // Prepare
    document.cookie = 'openpie_access_token_fan=still-here; Path=/';
    const body = unauthorized();
    const { client, navigate } = makeClient(makeFetchReplying(401, body));

    // Act
    const error = await captureError(
      client.post(url, { email: 'fan@example.com', password: 'wrong-password' }),
    );

    // Assess
    expect(error).toMatchObject({ status: 401, message: body.message });
    expect(navigate).not.toHaveBeenCalled();
    expect(document.cookie).toContain('openpie_access_token_fan=still-here');
  });

  it('still applies to other endpoints under /auth/', async () => {
    // Prepare
    const { client, navigate } = makeClient(makeFetchReplying(401, unauthorized()));

    // Act
    await captureError(client.post(apiPath('POST /api/auth/link-google')));

    // Assess
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('stays put while the page ends its own session (a log-out racing a refresh), and not after it is undone', async () => {
    // Prepare
    document.cookie = 'openpie_access_token_artist=ending; Path=/';
    const { client, navigate } = makeClient(makeFetchReplying(401, unauthorized()), '/for-artists/artists');
    const undo = client.expectSessionEnd();

    // Act
    const whileEnding = await captureError(client.get(apiPath('GET /api/for-artists/claims')));
    const navigationsWhileEnding = navigate.mock.calls.length;
    const cookieWhileEnding = document.cookie;
    undo();
    undo();
    await captureError(client.get(apiPath('GET /api/for-artists/claims')));

    // Assess
    expect(whileEnding).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(navigationsWhileEnding).toBe(0);
    expect(cookieWhileEnding).not.toContain('openpie_access_token_artist');
    expect(navigate.mock.calls).toEqual([['/for-artists']]);
  });

  it.each(['/login', '/for-artists'])(
    'does not reload %s, the sign-in screen it is already on',
    async (pathname) => {
      // Prepare
      const { client, navigate } = makeClient(makeFetchReplying(401, unauthorized()), pathname);

      // Act
      const error = await captureError(client.get(apiPath('GET /api/user')));

      // Assess
      expect(error).toMatchObject({ status: 401 });
      expect(navigate).not.toHaveBeenCalled();
    },
  );
});
