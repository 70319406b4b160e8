// How a call to Stripe through the SDK fails, in the product's words: Stripe down, slow or refusing our key is a 503
// the person can retry; an object Stripe does not know is null; a money movement Stripe refuses for a reason of the
// request is an answer. Anything else is a bug, thrown as it came.
import { AppError } from '../../domain/errors';
import type { StripeMoveOutcome } from './port';

export function isStripeError(error: unknown): error is { type: string; code?: string; statusCode?: number } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string'
  );
}

const unavailableTypes = new Set([
  'StripeConnectionError',
  'StripeAPIError',
  'StripeRateLimitError',
  'StripeAuthenticationError',
  'StripePermissionError',
]);

/** Stripe down, slow or refusing our key: the person may try again later; anything else is a bug, thrown as is. */
export function toGatewayError(error: unknown): unknown {
  if (isStripeError(error) && (unavailableTypes.has(error.type) || (error.statusCode ?? 0) >= 500)) {
    return new AppError('unavailable', undefined, { code: 'payment_provider_unavailable', cause: error });
  }
  return error;
}

function isMissing(error: unknown): boolean {
  return isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404);
}

export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toGatewayError(error);
  }
}

export async function retrieveOrNull<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (isMissing(error)) return null;
    throw toGatewayError(error);
  }
}

/**
 * A money movement Stripe may refuse for a reason of the request (no funds, payouts not enabled): the refusal is an
 * answer the use case acts on; Stripe down or failing is still a 503 (the same idempotency key retries it safely).
 */
export async function move<T>(work: () => Promise<T>): Promise<StripeMoveOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (isStripeError(error) && error.type === 'StripeInvalidRequestError') {
      return { ok: false, code: error.code ?? null, message: (error as { message?: string }).message ?? '' };
    }
    throw toGatewayError(error);
  }
}
