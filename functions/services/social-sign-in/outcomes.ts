// How a social sign-in ends, as data for the handlers: the browser routes never answer with a JSON error page, so
// every attempt ends either at the provider or back on an SPA page, with the reason when it failed
// (docs/decisions/006-social-sign-in.md). The handler turns an outcome into the redirect and its cookies.
import type { SocialReason } from '../../contracts/social-sign-in';
import { AppError } from '../../domain/errors';
import type { SocialProvider } from '../../integrations/oauth';
import {
  SocialProviderNotConfigured,
  SocialProviderUnavailable,
  SocialSignInCancelled,
  SocialSignInStateInvalid,
} from '../../integrations/oauth';
import type { StartedSession } from '../sessions';

export type { SocialReason };

/** The SPA pages a browser route returns to. */
export type SocialReturnPage =
  '/login' | '/try' | '/dashboard' | '/settings' | '/for-artists/settings' | '/admin';

export type BrowserOutcome =
  /** Off to the provider, with the sealed state cookie. */
  | { status: 'to-provider'; authorizeUrl: string; stateCookie: string }
  /** Signed in: the session's cookie goes with the redirect; `/try` also says which provider succeeded. */
  | {
      status: 'signed-in';
      page: '/dashboard' | '/try';
      provider: SocialProvider;
      session: StartedSession;
      stateCookie: string;
    }
  /** The identity was connected to the account that asked. */
  | { status: 'connected'; page: SocialReturnPage; provider: SocialProvider; stateCookie: string }
  /** Back to the page the attempt started from, saying why (the state cookie is cleared when there was one). */
  | {
      status: 'failed';
      page: SocialReturnPage;
      provider: SocialProvider;
      reason: SocialReason;
      stateCookie?: string;
    };

/** A sign-in refused by our own rules rather than by the provider. */
export class SocialSignInRefused extends AppError {
  constructor(
    readonly reason: SocialReason,
    detail: string,
  ) {
    super('bad_request', detail);
    this.name = 'SocialSignInRefused';
  }
}

/** Why an attempt failed, as the SPA's `socialReason`. */
export function reasonOf(error: unknown): SocialReason {
  if (error instanceof SocialSignInRefused) return error.reason;
  if (error instanceof SocialSignInCancelled) return 'cancelled';
  if (error instanceof SocialSignInStateInvalid) {
    return error.problem === 'expired' ? 'expired' : 'invalid_state';
  }
  if (error instanceof SocialProviderUnavailable || error instanceof SocialProviderNotConfigured) {
    return 'unavailable';
  }
  if (error instanceof AppError && error.code === 'email_in_use') return 'email_in_use';
  return 'failed';
}

/** For the log: the error's name and sentence, never its tokens or the person's data. */
export function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
