// A stand-in for the OpenPie API in component tests: replies by `METHOD /path`, in the envelope of DESIGN §1, and a
// record of what the screens sent. Anything not listed answers 401, as the server does for a visitor not signed in.
import { failureBody, stubFetch, successBody } from './fetch-stub';

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
  return { status, body: successBody(data) };
}

export function fail(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): StubReply {
  return { status, body: { ...failureBody(code, message, fields), requestId: `req-${crypto.randomUUID()}` } };
}

const notSignedIn = fail(401, 'unauthorized', 'Please sign in to continue.');

/** Replaces fetch; `sent` lists every request in order, `sentTo(key)` those of one `METHOD /path`. */
export function stubApi(handlers: Readonly<Record<string, StubHandler>>) {
  const sent: SentRequest[] = [];
  const fetchMock = stubFetch(async ({ method, url, body }) => {
    const request: SentRequest = { method, path: url.pathname, search: url.search, body };
    sent.push(request);
    const handler = handlers[`${request.method} ${request.path}`] ?? notSignedIn;
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    return { status: reply.status ?? 200, body: reply.body };
  });
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
