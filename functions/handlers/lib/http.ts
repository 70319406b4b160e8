// Replies in the one envelope of DESIGN §1, and the errors that become failure replies.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FailureEnvelope, Pagination } from '../../contracts/envelope';
import type { ErrorCode } from '../../contracts/errors';
import { errorRegistry, isErrorCode } from '../../contracts/errors';
import { isAppError, namesInternalAccount } from '../../services/failures';

export type HttpResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
};

/** JSON data in the success envelope; a route's contract says what `data` is. */
export interface JsonReply<T = unknown> {
  kind: 'json';
  status: number;
  data: T;
  pagination?: Pagination;
  headers?: Record<string, string>;
  cookies?: string[];
}

/** A page of a list: the contract of a `paged` route requires the pagination. */
export type PagedJsonReply<T = unknown> = JsonReply<T> & { pagination: Pagination };

/** A redirect, for browser flows that leave the SPA (social sign-in). */
export interface RedirectReply {
  kind: 'redirect';
  status: 302 | 303;
  location: string;
  headers?: Record<string, string>;
  cookies?: string[];
}

/** What a route returns: JSON data in the success envelope, or a redirect for browser flows. */
export type Reply<T = unknown> = JsonReply<T> | RedirectReply;

export interface ReplyOptions {
  status?: number;
  pagination?: Pagination;
  headers?: Record<string, string>;
  cookies?: string[];
}

export function ok<T>(data: T, options: ReplyOptions & { pagination: Pagination }): PagedJsonReply<T>;
export function ok<T>(data: T, options?: ReplyOptions): JsonReply<T>;
export function ok<T>(data: T, options: ReplyOptions = {}): JsonReply<T> {
  return { kind: 'json', status: options.status ?? 200, data, ...pick(options) };
}

export function created<T>(data: T, options: Omit<ReplyOptions, 'status'> = {}): JsonReply<T> {
  return ok(data, { ...options, status: 201 });
}

export function redirect(
  location: string,
  options: Omit<ReplyOptions, 'status' | 'pagination'> = {},
): RedirectReply {
  return { kind: 'redirect', status: 302, location, ...pick(options) };
}

function pick(options: ReplyOptions) {
  return {
    ...(options.pagination ? { pagination: options.pagination } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.cookies ? { cookies: options.cookies } : {}),
  };
}

/**
 * An error that is already an HTTP failure reply, for the request edge (routing, body, origin). Its status is the
 * registered code's (contracts/errors.ts); the message defaults to the code's own sentence. Rules throw AppError.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string = errorRegistry[code].message,
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = errorRegistry[code].status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

/** Turns anything thrown into the failure reply; unknown errors become a 500 that shows no internals. */
export function toFailure(error: unknown, requestId: string): { result: HttpResult; unexpected: boolean } {
  // A code that escaped the compiler (a cast, plain JS) is a bug, not a reply.
  const known = (error instanceof HttpError || isAppError(error)) && isErrorCode(error.code);
  if (error instanceof HttpError && known) {
    return {
      result: failure(error.code, error.message, requestId, error.fields, error.headers),
      unexpected: false,
    };
  }
  if (isAppError(error) && known) {
    const headers: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
    return {
      result: failure(
        error.code,
        inProductWords(error.message, errorRegistry[error.code].message),
        requestId,
        error.fields && wordFields(error.fields),
        headers,
      ),
      unexpected: false,
    };
  }
  return {
    result: failure('internal_error', errorRegistry.internal_error.message, requestId),
    unexpected: true,
  };
}

/** A rule's message, or its code's registered sentence when the message names an internal ledger account. */
function inProductWords(message: string, registered: string): string {
  return namesInternalAccount(message) ? registered : message;
}

function wordFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [
      field,
      inProductWords(message, 'This value cannot be used here'),
    ]),
  );
}

export function failure(
  code: ErrorCode,
  message: string,
  requestId: string,
  fields?: Record<string, string>,
  headers: Record<string, string> = {},
): HttpResult {
  const body: FailureEnvelope = { success: false, message, code, ...(fields ? { fields } : {}), requestId };
  return {
    statusCode: errorRegistry[code].status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(body),
  };
}

export function toResult(reply: Reply): HttpResult {
  if (reply.kind === 'redirect') {
    return {
      statusCode: reply.status,
      headers: { location: reply.location, ...reply.headers },
      ...(reply.cookies ? { cookies: reply.cookies } : {}),
      body: '',
    };
  }
  const body = {
    success: true as const,
    data: reply.data,
    ...(reply.pagination ? { pagination: reply.pagination } : {}),
  };
  return {
    statusCode: reply.status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...reply.headers },
    ...(reply.cookies ? { cookies: reply.cookies } : {}),
    body: JSON.stringify(body),
  };
}

/**
 * Headers every API reply carries: no sniffing, no framing, no caching of personal data, no browser feature, no
 * window sharing. CloudFront's API policy (infra/site.ts) fills in the same for replies API Gateway writes itself.
 */
export function securityHeaders(isLocal: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy':
      'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
      'magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
    ...(isLocal ? {} : { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' }),
  };
}
