import { describe, expect, it } from 'vitest';
import { errorCodes, errorRegistry, isErrorCode } from '../../functions/contracts/errors';
import { AppError } from '../../functions/domain/errors';
import { HttpError, toFailure } from '../../functions/handlers/lib/http';
import { bodyOf } from '../support/gateway-event';

describe('error registry', () => {
  it('gives every code a failure status and a sentence for people', () => {
    for (const code of errorCodes) {
      const { status, message } = errorRegistry[code];
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(message.length, code).toBeGreaterThan(0);
    }
    expect(isErrorCode('email_taken')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('answers an AppError with its code’s status and, unless the thrower gives one, the code’s sentence', () => {
    // Prepare
    const taken = new AppError('conflict', undefined, { code: 'username_taken' });
    const limited = new AppError('rate_limited', 'Slow down.', { retryAfterSeconds: 30 });
    // Act
    const takenReply = toFailure(taken, 'r-1').result;
    const limitedReply = toFailure(limited, 'r-2').result;
    // Assess
    expect(takenReply.statusCode).toBe(409);
    expect(bodyOf(takenReply)).toMatchObject({
      code: 'username_taken',
      message: errorRegistry.username_taken.message,
    });
    expect(limitedReply.statusCode).toBe(429);
    expect(limitedReply.headers['retry-after']).toBe('30');
  });

  it('takes the status of an HttpError from its code', () => {
    expect(new HttpError('method_not_allowed').status).toBe(405);
    expect(toFailure(new HttpError('payload_too_large'), 'r-3').result.statusCode).toBe(413);
  });

  it('accepts only registered codes, and for an AppError only codes of its kind’s status', () => {
    // The typecheck is the guard: these lines compile only because each error is expected.
    const buildRefused = () => [
      // @ts-expect-error: a free string is no code
      new HttpError('teapot', 'No.'),
      // @ts-expect-error: email_taken is a 409, not a 404
      new AppError('not_found', 'No.', { code: 'email_taken' }),
      // @ts-expect-error: a free string is no code
      new AppError('conflict', 'No.', { code: 'nope' }),
    ];
    // A code that slipped past the compiler anyway answers as the bug it is: a 500 without internals.
    const slipped = toFailure(new AppError('conflict', 'No.', { code: 'nope' as 'conflict' }), 'r-4');
    expect(typeof buildRefused).toBe('function');
    expect(slipped.unexpected).toBe(true);
    expect(slipped.result.statusCode).toBe(500);
    expect(bodyOf(slipped.result)).toMatchObject({ code: 'internal_error' });
  });
});
