// A stand-in for the OpenPie API in component tests: replies by `METHOD /path`, in the envelope of DESIGN §1, and a
// record of what the screens sent. Anything not listed answers 401, as the server does for a visitor not signed in.
import { vi } from 'vitest';

export interface StubReply {
  status?: number;
  body: unknown;
}

export interface SentRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export type StubHandler = StubReply | ((request: SentRequest) => StubReply | Promise<StubReply>);

export function succeed(data: unknown, status = 200): StubReply {
  return { status, body: { success: true, data } };
}

export function fail(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): StubReply {
  return {
    status,
    body: {
      success: false,
      message,
      code,
      ...(fields ? { fields } : {}),
      requestId: `req-${crypto.randomUUID()}`,
    },
  };
}

const notSignedIn = fail(401, 'unauthorized', 'Please sign in to continue.');

/** Replaces fetch; `sent` lists every request in order, `sentTo(key)` those of one `METHOD /path`. */
export function stubApi(handlers: Readonly<Record<string, StubHandler>>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://test',
    );
    const request: SentRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    sent.push(request);
    const handler = handlers[`${request.method} ${request.path}`] ?? notSignedIn;
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    return Response.json(reply.body, { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    sent,
    sentTo: (key: string) => sent.filter((request) => `${request.method} ${request.path}` === key),
  };
}

/** A reply the test releases when it chooses, to look at a screen while its request is in flight. */
export function createHeldReply(reply: StubReply) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async (): Promise<StubReply> => {
      await released;
      return reply;
    },
    release: () => release(),
  };
}
