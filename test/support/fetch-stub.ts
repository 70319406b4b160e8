// The one stand-in for fetch that the screen tests' API stubs are built on: it reads each request as the server would
// (method, URL, JSON body), hands it to the stub's answer, and sends that back in the envelope of DESIGN §1. The stubs
// differ only in how they pick a reply (auth-api-stub by `METHOD /path`, artist-api-stub by one function).
import { vi } from 'vitest';

/** A request as a screen sent it. */
export interface FetchedRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** A reply's status and JSON body. */
export interface FetchReply {
  status: number;
  body: unknown;
}

/** The success envelope; `extra` for fields beside `data` (a page's cursor). */
export function successBody(data: unknown, extra: Record<string, unknown> = {}) {
  return { success: true, data, ...extra };
}

/** The failure envelope, with the field errors a form shows when there are any. */
export function failureBody(code: string, message: string, fields?: Record<string, string>) {
  return { success: false, code, message, ...(fields ? { fields } : {}) };
}

function toResponse({ status, body }: FetchReply): Response {
  return Response.json(body, { status });
}

/**
 * Replaces fetch with `answer`. A plain reply resolves at once, as a reply already at hand would; a promise lets the
 * test look at a screen while its call runs.
 */
export function stubFetch(answer: (request: FetchedRequest) => FetchReply | Promise<FetchReply>) {
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: FetchedRequest = {
      method: init?.method ?? 'GET',
      url: new URL(href, 'http://localhost'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    const reply = answer(request);
    return reply instanceof Promise ? reply.then(toResponse) : Promise.resolve(toResponse(reply));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
