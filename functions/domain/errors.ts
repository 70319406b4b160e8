// Errors the business rules raise. Each kind maps to one HTTP status at the handler edge, so domain code never
// speaks HTTP, and every failure a person can cause reaches them as a clear sentence, never as a 500.

export type AppErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation_failed'
  | 'rate_limited'
  | 'unavailable';

export interface AppErrorOptions {
  /** Field name → message for people, for `validation_failed`. */
  fields?: Record<string, string>;
  /** Seconds until a `rate_limited` caller may try again. */
  retryAfterSeconds?: number;
  /** A more specific machine code than the kind, e.g. `email_taken`. */
  code?: string;
  cause?: unknown;
}

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly code: string;

  constructor(kind: AppErrorKind, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.kind = kind;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.code = options.code ?? kind;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
