// Errors the business rules raise. Each kind maps to one HTTP status at the handler edge, so domain code never
// speaks HTTP, and every failure a person can cause reaches them as a clear sentence, never as a 500. Codes come from
// the one registry (contracts/errors.ts): a code must be registered with its kind's status, or typecheck fails.
import type { ErrorCode, ErrorCodeWithStatus } from '../contracts/errors';
import { errorRegistry } from '../contracts/errors';

export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation_failed'
  | 'rate_limited'
  | 'unavailable';

/** The registered codes a failure of kind `K` may carry: those with the same status as the kind. */
export type AppErrorCode<K extends AppErrorKind> = ErrorCodeWithStatus<(typeof errorRegistry)[K]['status']>;

export interface AppErrorOptions<K extends AppErrorKind = AppErrorKind> {
  /** Field name → message for people, for `validation_failed`. */
  fields?: Record<string, string>;
  /** Seconds until a `rate_limited` caller may try again. */
  retryAfterSeconds?: number;
  /** A more specific registered code than the kind, e.g. `email_taken`. */
  code?: AppErrorCode<K>;
  cause?: unknown;
}

export class AppError<K extends AppErrorKind = AppErrorKind> extends Error {
  readonly kind: K;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly code: ErrorCode;

  /** `message` defaults to the registered sentence of the code. */
  constructor(kind: K, message?: string, options: AppErrorOptions<K> = {}) {
    const code = options.code ?? kind;
    super(
      message ?? errorRegistry[code].message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    this.kind = kind;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.code = code;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
