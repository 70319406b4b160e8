// Replies in the one envelope of DESIGN §1, and the errors that become failure replies.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ErrorCode, FailureEnvelope, Pagination } from '../../contracts/envelope';
import type { AppErrorKind } from '../../domain/errors';
import { isAppError } from '../../domain/errors';

export type HttpResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
};

/** What a route returns: JSON data in the success envelope, or a redirect for browser flows. */
export type Reply =
  | {
      kind: 'json';
      status: number;
      data: unknown;
      pagination?: Pagination;
      headers?: Record<string, string>;
      cookies?: string[];
    }
  | {
      kind: 'redirect';
      status: 302 | 303;
      location: string;
      headers?: Record<string, string>;
      cookies?: string[];
    };

export interface ReplyOptions {
  status?: number;
  pagination?: Pagination;
  headers?: Record<string, string>;
  cookies?: string[];
}

export function ok(data: unknown, options: ReplyOptions = {}): Reply {
  return { kind: 'json', status: options.status ?? 200, data, ...pick(options) };
}

export function created(data: unknown, options: Omit<ReplyOptions, 'status'> = {}): Reply {
  return ok(data, { ...options, status: 201 });
}

export function redirect(location: string, options: Omit<ReplyOptions, 'status' | 'pagination'> = {}): Reply {
  return { kind: 'redirect', status: 302, location, ...pick(options) };
}

function pick(options: ReplyOptions) {
  return {
    ...(options.pagination ? { pagination: options.pagination } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.cookies ? { cookies: options.cookies } : {}),
  };
}

/** An error that is already an HTTP failure reply: status, machine code, sentence for people. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode | string;
  readonly fields: Record<string, string> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode | string,
    message: string,
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

const statusOfKind: Record<AppErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  validation_failed: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** Turns anything thrown into the failure reply; unknown errors become a 500 that shows no internals. */
export function toFailure(error: unknown, requestId: string): { result: HttpResult; unexpected: boolean } {
  if (error instanceof HttpError) {
    return {
      result: failure(error.status, error.code, error.message, requestId, error.fields, error.headers),
      unexpected: false,
    };
  }
  if (isAppError(error)) {
    const headers: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
    return {
      result: failure(statusOfKind[error.kind], error.code, error.message, requestId, error.fields, headers),
      unexpected: false,
    };
  }
  return {
    result: failure(
      500,
      'internal_error',
      'Something went wrong on our side. Please try again; if it keeps happening, contact support with this request id.',
      requestId,
    ),
    unexpected: true,
  };
}

export function failure(
  status: number,
  code: string,
  message: string,
  requestId: string,
  fields?: Record<string, string>,
  headers: Record<string, string> = {},
): HttpResult {
  const body: FailureEnvelope = { success: false, message, code, ...(fields ? { fields } : {}), requestId };
  return {
    statusCode: status,
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

/** Headers every API reply carries: no sniffing, no framing, no caching of personal data. */
export function securityHeaders(isLocal: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    ...(isLocal ? {} : { 'strict-transport-security': 'max-age=63072000; includeSubDomains; preload' }),
  };
}
