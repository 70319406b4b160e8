// apiClient.call: a route of the manifest called by its key, its path, method, query and body built from the key and
// typed from the route's contract, its reply typed as the contract's data (paged replies with their pagination).
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { RouteReplyData } from '../../functions/contracts/api/index';
import type { Pagination } from '../../functions/contracts/envelope';
import { createApiClient } from '../../frontend/src/lib/api-client';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function makeFetchReplying(status: number, body: unknown): FetchMock {
  return vi.fn<typeof fetch>(async () =>
    Response.json(body, { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function makeClient(fetchImpl: FetchMock) {
  return createApiClient({ fetch: fetchImpl, navigate: vi.fn(), getPathname: () => '/dashboard' });
}

/** The URL, method and JSON body of the one request `fetchImpl` received. */
function readRequest(fetchImpl: FetchMock): { url: string; method: string | undefined; body: unknown } {
  const [input, init] = fetchImpl.mock.calls[0] ?? [];
  return {
    url: String(input),
    method: init?.method,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

describe('apiClient.call', () => {
  it('sends the method and path of the key, its parameter encoded, and answers the data', async () => {
    // Prepare
    const id = `fan/${crypto.randomUUID()}`;
    const fetchImpl = makeFetchReplying(200, { success: true, data: { id } });

    // Act
    const data = await makeClient(fetchImpl).call('GET /api/admin/fans/{id}', { params: { id } });

    // Assess
    expect(readRequest(fetchImpl)).toEqual({
      url: `/api/admin/fans/${encodeURIComponent(id)}`,
      method: 'GET',
      body: undefined,
    });
    expect(data).toEqual({ id });
    expectTypeOf(data).toEqualTypeOf<RouteReplyData<'GET /api/admin/fans/{id}'>>();
  });

  it('sends the body as JSON with the route’s method', async () => {
    // Prepare
    const email = `fan-${crypto.randomUUID()}@example.com`;
    const fetchImpl = makeFetchReplying(200, { success: true, data: { message: 'Sent.' } });

    // Act
    await makeClient(fetchImpl).call('POST /api/auth/forgot-password', { body: { email } });

    // Assess
    expect(readRequest(fetchImpl)).toEqual({
      url: '/api/auth/forgot-password',
      method: 'POST',
      body: { email },
    });
  });

  it('calls a route that takes nothing without options', async () => {
    // Prepare
    const fetchImpl = makeFetchReplying(200, { success: true, data: { ok: true } });

    // Act
    await makeClient(fetchImpl).call('POST /api/admin/financial-reconciliation/run-ledger-check');

    // Assess
    expect(readRequest(fetchImpl)).toMatchObject({
      url: '/api/admin/financial-reconciliation/run-ledger-check',
      method: 'POST',
    });
  });

  it('answers a paged route with its rows and pagination, and sends its query', async () => {
    // Prepare
    const pagination: Pagination = { page: 2, limit: 5, total: 7, pages: 2 };
    const rows = [{ id: crypto.randomUUID() }];
    const fetchImpl = makeFetchReplying(200, { success: true, data: rows, pagination });

    // Act
    const reply = await makeClient(fetchImpl).call('GET /api/tracks/user/latest', {
      query: { page: '2', limit: '5' },
    });

    // Assess
    expect(readRequest(fetchImpl).url).toBe('/api/tracks/user/latest?page=2&limit=5');
    expect(reply).toEqual({ data: rows, pagination });
    expectTypeOf(reply.data).toEqualTypeOf<RouteReplyData<'GET /api/tracks/user/latest'>>();
    expectTypeOf(reply.pagination).toEqualTypeOf<Pagination>();
  });

  it('types what a route takes from its contract', () => {
    const client = makeClient(makeFetchReplying(200, { success: true, data: null }));
    // Never awaited: these lines are checked by the typecheck, which must refuse each marked call.
    const unsent = () => [
      // @ts-expect-error the route has an {id} parameter
      client.call('GET /api/admin/fans/{id}'),
      // @ts-expect-error the body's email must be a string
      client.call('POST /api/auth/forgot-password', { body: { email: 42 } }),
      // @ts-expect-error no such route in the manifest
      client.call('GET /api/no-such-route'),
    ];
    expect(typeof unsent).toBe('function');
  });
});
