// The refusal a domain rule throws, caught for a test to read: its kind, code and message (functions/domain/errors.ts).
import { AppError } from '../../functions/domain/errors';

/** The AppError `run` throws, so a test can check its kind and code; anything else thrown is thrown on. */
export function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError, nothing was thrown');
}
