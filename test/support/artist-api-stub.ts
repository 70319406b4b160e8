// A stand-in for the OpenPie API in the artist area's component tests, at fetch as the browser would reach it: each
// call goes to the test's `answer`, and whatever it leaves unanswered is a 404, so a screen asking for something the
// test did not expect shows as not found rather than as a silent success. Unlike auth-api-stub (a table of replies,
// 401 by default), the answer is one function, because these screens' replies depend on the query and body sent.
import { failureBody, stubFetch, successBody } from './fetch-stub';

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

export interface ApiReply {
  status: number;
  body: unknown;
}

/** An answer may be a promise the test settles, to look at a screen while its call runs. */
export type ApiAnswer = (call: ApiCall) => ApiReply | undefined | Promise<ApiReply | undefined>;

/** The envelope of DESIGN §1; `extra` for fields beside `data` (a page's cursor). */
export function success(data: unknown, extra: Record<string, unknown> = {}, status = 200): ApiReply {
  return { status, body: successBody(data, extra) };
}

export function failure(
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
): ApiReply {
  return { status, body: failureBody(code, message, fields) };
}

const notFound = failure(404, 'not_found', 'Not here.');

/** Replaces fetch; returns the calls made, in order. */
export function stubArtistApi(answer: ApiAnswer): ApiCall[] {
  const calls: ApiCall[] = [];
  stubFetch(({ method, url, body }) => {
    const call: ApiCall = { method, path: url.pathname, search: url.searchParams, body };
    calls.push(call);
    const reply = answer(call);
    return reply instanceof Promise ? reply.then((settled) => settled ?? notFound) : (reply ?? notFound);
  });
  return calls;
}

/** An office's Stripe Connect account as GET /api/for-artists/stripe/account-status answers it: not started. */
export function connectAccountFixture(overrides: Record<string, unknown> = {}) {
  return {
    status: 'not_started',
    chargesEnabled: false,
    payoutsEnabled: false,
    detailsSubmitted: false,
    currentlyDue: [],
    disabledReason: null,
    canManage: true,
    ...overrides,
  };
}

/** A Connect account that takes charges and pays out, nothing due. */
export const readyConnectAccount = {
  status: 'ready',
  chargesEnabled: true,
  payoutsEnabled: true,
  detailsSubmitted: true,
} as const;

export type OfficeRole = 'admin' | 'member' | 'accountant';

/** An office as GET /api/for-artists/offices lists it, the caller holding `role`. */
export function officeFixture(role: OfficeRole = 'admin', overrides: Record<string, unknown> = {}) {
  return {
    _id: 'office-1',
    name: 'Night Owls Records',
    type: 'Label',
    role,
    members: [{ user_id: 'u1', role, email: 'ada@example.com' }],
    ...overrides,
  };
}

/** A claim as the claims list answers it: Nina Simone claimed by office-1, pending her social-bio check. */
export function claimFixture(overrides: Record<string, unknown> = {}) {
  return {
    _id: 'claim-1',
    officeId: 'office-1',
    artistId: 'nina1',
    artistName: 'Nina Simone',
    status: 'Pending',
    verificationMethod: 'social-bio',
    selectedPlatform: 'instagram',
    verificationString: 'openpie_Ab3dE6gH',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}
