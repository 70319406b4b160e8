// When a read is worth asking again: a refusal (400–499: not there, not the caller's, not their role) stays so
// however often it is asked, only a server failure or a lost connection may pass.
import { isApiError } from './api-client';

/** SWR options for a read whose refusals are final. */
export const retryServerFailures = {
  shouldRetryOnError: (error: unknown): boolean => !(isApiError(error) && error.status < 500),
};
