// Stripe's error reply: `{ error: { type, code, message, param?, decline_code? } }` with Stripe's statuses, which the
// SDK turns into StripeInvalidRequestError (400, 404), StripeCardError (402), StripeAuthenticationError (401) …
export type StripeErrorType =
  'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error' | 'authentication_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, param?: string, code = 'parameter_invalid'): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param ? { param } : {}),
  });
}

export function missingParam(param: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}

export function noSuchObject(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}
