// A small fetch client for the three OpenPie APIs: it unwraps the reply envelope of DESIGN §1, turns
// every failure into an ApiError and applies the session rule of SPEC §4 on a 401.
import type { RouteIsPaged, RouteQuery, RouteReplyData, RouteRequestBody } from '@contracts/api/index';
import type { FailureEnvelope, Pagination } from '@contracts/envelope';
import { buildApiPath, type ApiPathParamName, type ApiRouteKey } from './api-path';
import { browserActions } from './browser-actions';
import { isArtistAreaPath, paths, type Query } from './paths';
import { forgetSessionHints, listRolesEndedByUnauthorized } from './session-hints';
import { productTimeHeader, recordProductTime } from './product-time';

/** Codes the client itself assigns, next to the server's `ErrorCode`s. */
export const clientErrorCodes = {
  network: 'network_error',
  unreadableReply: 'unreadable_reply',
} as const;

export interface ApiErrorInit {
  status: number;
  code: string;
  message: string;
  fields?: Readonly<Record<string, string>>;
  requestId?: string;
}

/** Every failed call ends here: a status 0 means the server was never reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** Field name → message for people; empty unless the server rejected specific fields (422). */
  readonly fields: Readonly<Record<string, string>>;
  readonly requestId: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.requestId = init.requestId;
  }
}

/** Narrows an unknown thrown value, e.g. in SWR's `error` or a form's submit handler. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiReply<T> {
  data: T;
  pagination?: Pagination;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON when defined. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
}

export interface ApiClientOptions {
  fetch?: typeof globalThis.fetch;
  /** Where the browser goes after a 401; injectable so tests can watch it instead of leaving the page. */
  navigate?: (to: string) => void;
  /** The current SPA pathname, read when a 401 arrives to pick the right sign-in screen. */
  getPathname?: () => string;
  /** Clears the non-HttpOnly token copies; injectable for environments without `document`. */
  clearTokenCookies?: () => void;
}

export type ApiCallOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

/** A page of a list as a paged route answers it: the rows and where they sit in the whole list. */
export interface PagedReply<T> {
  data: T;
  pagination: Pagination;
}

/** What `call` resolves to: the route's data, or for a paged route the data with its pagination. */
export type RouteCallReply<K extends ApiRouteKey> =
  RouteIsPaged<K> extends true ? PagedReply<RouteReplyData<K>> : RouteReplyData<K>;

type CallParams<K extends ApiRouteKey> = [ApiPathParamName<K>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<ApiPathParamName<K>, string>> };
type CallQuery<K extends ApiRouteKey> = [RouteQuery<K>] extends [undefined]
  ? { query?: undefined }
  : object extends RouteQuery<K>
    ? { query?: RouteQuery<K> }
    : { query: RouteQuery<K> };
type CallBody<K extends ApiRouteKey> = [RouteRequestBody<K>] extends [undefined]
  ? { body?: undefined }
  : { body: RouteRequestBody<K> };

/** A route's path parameters, query and body, each typed from its contract, and the request's own options. */
export type RouteCallOptions<K extends ApiRouteKey> = CallParams<K> &
  CallQuery<K> &
  CallBody<K> &
  ApiCallOptions;

/** The options may be left out only when the route needs none of them. */
export type RouteCallArguments<K extends ApiRouteKey> =
  object extends RouteCallOptions<K> ? [options?: RouteCallOptions<K>] : [options: RouteCallOptions<K>];

/**
 * `T` is the caller's promise about `data`, not a check: success replies are not validated here, so
 * the SPA does not ship a schema for every reply. Validate at the call site where it matters.
 */
export interface ApiClient {
  /**
   * Calls a route of the manifest by its key: `call('GET /api/admin/fans/{id}', { params: { id } })`. The path,
   * method, query and body come from the key and its contract, and the reply is typed as the contract's data
   * (its types only: the contract's schemas stay on the server, as `T` below, the reply is not checked here).
   */
  call<K extends ApiRouteKey>(key: K, ...[options]: RouteCallArguments<K>): Promise<RouteCallReply<K>>;
  /** Sends a request and returns the envelope's data and pagination. */
  send<T>(url: string, options?: ApiRequestOptions): Promise<ApiReply<T>>;
  get<T>(url: string, options?: ApiCallOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  patch<T>(url: string, body?: unknown, options?: ApiCallOptions): Promise<T>;
  delete<T>(url: string, options?: ApiCallOptions): Promise<T>;
  /**
   * This page is ending its own session (log out, delete the account) and will leave for a page of its choosing: a
   * 401 from here on is expected and must not send it to a sign-in screen of its own. Without this, a request that
   * races the log-out (a screen's refresh) could land on another page, or abort the page's own navigation. Returns
   * the way back, for when the session did not end after all (the deletion was refused).
   */
  expectSessionEnd(): () => void;
}

/** Readable copies of the access tokens that a 401 must not leave behind (DESIGN: cookie prefix `openpie_`). */
export const accessTokenCookieNames = ['openpie_access_token_fan', 'openpie_access_token_artist'] as const;

const networkFailureMessage = 'We could not reach OpenPie. Check your internet connection and try again.';
const unreadableReplyMessage = 'OpenPie sent a reply we could not read. Please try again in a moment.';

/** The login and register endpoints of any API base answer 401 for a wrong password; that is no expired session. */
export function isSessionExemptUrl(url: string): boolean {
  const pathname = url.split(/[?#]/, 1)[0] ?? '';
  return /\/auth\/(login|register)\/?$/.test(pathname);
}

/** True for the staff API, whose 401 also ends the staff session (SPEC §4, DESIGN §6). */
function isAdminApiUrl(url: string): boolean {
  return /^\/api\/admin(\/|\?|$)/.test(url);
}

/** The sign-in screen a 401 leads to: the artist area has its own, everything else uses the fan login. */
export function selectSessionExpiredTarget(pathname: string): string {
  return isArtistAreaPath(pathname) ? paths.artist.home() : paths.fan.login();
}

function clearDocumentTokenCookies(): void {
  if (typeof document === 'undefined') return;
  for (const name of accessTokenCookieNames) {
    document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  }
}

function navigateWithReload(to: string): void {
  // A full load, not an SPA navigation: it drops every cached private reply of the expired session.
  browserActions.goTo(to);
}

function readWindowPathname(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

// zod stays out of the landing page's chunk: the failure schema loads only when a failure arrives.
function importEnvelopeContracts() {
  return import('@contracts/envelope');
}
let envelopeContracts: ReturnType<typeof importEnvelopeContracts> | undefined;
function loadEnvelopeContracts() {
  envelopeContracts ??= importEnvelopeContracts();
  return envelopeContracts;
}

const statusCodes: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  422: 'validation_failed',
  429: 'rate_limited',
  501: 'not_implemented',
  503: 'unhealthy',
};

function describeStatus(status: number): Pick<ApiErrorInit, 'code' | 'message'> {
  const code = statusCodes[status] ?? (status >= 500 ? 'internal_error' : 'bad_request');
  const message =
    status >= 500
      ? 'Something went wrong on our side. Please try again in a moment.'
      : `The request could not be completed (HTTP ${status}).`;
  return { code, message };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isSuccessEnvelope(body: unknown): body is { success: true; data: unknown; pagination?: Pagination } {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === true;
}

async function parseFailure(body: unknown): Promise<FailureEnvelope | undefined> {
  if (typeof body !== 'object' || body === null) return undefined;
  try {
    const { failureEnvelopeSchema } = await loadEnvelopeContracts();
    const parsed = failureEnvelopeSchema.safeParse(body);
    return parsed.success ? parsed.data : undefined;
  } catch {
    // The contracts chunk itself failed to load (offline, new deploy): report the status alone and
    // let the next failure try the import again.
    envelopeContracts = undefined;
    return undefined;
  }
}

async function buildFailure(response: Response, body: unknown): Promise<ApiError> {
  const failure = await parseFailure(body);
  if (failure) {
    return new ApiError({
      status: response.status,
      code: failure.code,
      message: failure.message,
      fields: failure.fields,
      requestId: failure.requestId,
    });
  }
  return new ApiError({ status: response.status, ...describeStatus(response.status) });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Builds a client; the defaults talk to the real browser, tests inject fetch and navigation. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const navigate = options.navigate ?? navigateWithReload;
  const getPathname = options.getPathname ?? readWindowPathname;
  const clearTokenCookies = options.clearTokenCookies ?? clearDocumentTokenCookies;

  let endingOnPurpose = 0;

  function expireSession(url: string): void {
    clearTokenCookies();
    if (endingOnPurpose > 0) return;
    forgetSessionHints(listRolesEndedByUnauthorized(isAdminApiUrl(url) ? 'admin' : 'fan'));
    const pathname = getPathname();
    const target = selectSessionExpiredTarget(pathname);
    // Already on the sign-in screen: reloading it would loop if that screen itself calls the API.
    if (pathname !== target) navigate(target);
  }

  async function send<T>(url: string, request: ApiRequestOptions = {}): Promise<ApiReply<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
    const init: RequestInit = {
      method: request.method ?? 'GET',
      credentials: 'include',
      headers,
      signal: request.signal,
    };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }

    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      // A caller that cancels wants its AbortError back, not a message about the network.
      if (isAbort(error)) throw error;
      throw new ApiError({ status: 0, code: clientErrorCodes.network, message: networkFailureMessage });
    }

    // Test doubles of fetch may answer without real Headers.
    if (typeof response.headers?.get === 'function')
      recordProductTime(response.headers.get(productTimeHeader));
    if (response.status === 401 && !isSessionExemptUrl(url)) expireSession(url);

    let body: unknown;
    try {
      body = await readJson(response);
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError({ status: 0, code: clientErrorCodes.network, message: networkFailureMessage });
    }

    if (response.ok) {
      if (isSuccessEnvelope(body)) {
        const reply: ApiReply<T> = { data: body.data as T };
        if (body.pagination) reply.pagination = body.pagination;
        return reply;
      }
      // A 204 carries no envelope, and no data to unwrap.
      if (response.status === 204) return { data: undefined as T };
      throw new ApiError({
        status: response.status,
        code: clientErrorCodes.unreadableReply,
        message: unreadableReplyMessage,
      });
    }
    throw await buildFailure(response, body);
  }

  async function sendForData<T>(url: string, request: ApiRequestOptions): Promise<T> {
    return (await send<T>(url, request)).data;
  }

  async function call<K extends ApiRouteKey>(
    key: K,
    ...[options]: RouteCallArguments<K>
  ): Promise<RouteCallReply<K>> {
    const { params, query, body, ...request } = (options ?? {}) as RouteCallOptions<K>;
    const url = buildApiPath(key, params, query as Query | undefined);
    const method = key.slice(0, key.indexOf(' ')) as HttpMethod;
    const reply = await send<unknown>(url, { ...request, method, body });
    // The contract says which replies are pages; the types above tell the caller, the server's envelope the rest.
    return (
      reply.pagination ? { data: reply.data, pagination: reply.pagination } : reply.data
    ) as RouteCallReply<K>;
  }

  return {
    call,
    send,
    get: <T>(url: string, opts?: ApiCallOptions) => sendForData<T>(url, { ...opts, method: 'GET' }),
    post: <T>(url: string, body?: unknown, opts?: ApiCallOptions) =>
      sendForData<T>(url, { ...opts, method: 'POST', body }),
    put: <T>(url: string, body?: unknown, opts?: ApiCallOptions) =>
      sendForData<T>(url, { ...opts, method: 'PUT', body }),
    patch: <T>(url: string, body?: unknown, opts?: ApiCallOptions) =>
      sendForData<T>(url, { ...opts, method: 'PATCH', body }),
    delete: <T>(url: string, opts?: ApiCallOptions) => sendForData<T>(url, { ...opts, method: 'DELETE' }),
    expectSessionEnd() {
      endingOnPurpose += 1;
      let undone = false;
      return () => {
        if (undone) return;
        undone = true;
        endingOnPurpose -= 1;
      };
    },
  };
}

/** The client the SPA uses; screens import this one, tests build their own. */
export const apiClient = createApiClient();
