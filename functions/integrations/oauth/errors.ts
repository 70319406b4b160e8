// Why a social sign-in did not complete. They are AppErrors, so a handler that lets one through still answers with
// a clear failure reply; browser callbacks catch them and send the person back to a page instead.
import { AppError } from '../../domain/errors';
import type { SocialProvider } from './providers';
import { providerLabels } from './providers';

/** The person pressed Cancel at the provider (the provider answered `error=access_denied`). */
export class SocialSignInCancelled extends AppError {
  readonly provider: SocialProvider;

  constructor(provider: SocialProvider) {
    super('bad_request', `Sign-in with ${providerLabels[provider]} was cancelled.`, {
      code: 'social_sign_in_cancelled',
    });
    this.name = 'SocialSignInCancelled';
    this.provider = provider;
  }
}

export type StateProblem =
  | 'missing_cookie'
  | 'unreadable_cookie'
  | 'expired'
  | 'missing_state'
  | 'state_mismatch'
  | 'provider_mismatch'
  | 'redirect_mismatch';

/**
 * The callback cannot be tied to a sign-in this browser started: no state cookie, a forged or expired one, or a
 * `state` that is not the one we sent. Refusing it is what stops login CSRF.
 */
export class SocialSignInStateInvalid extends AppError {
  readonly provider: SocialProvider;
  readonly problem: StateProblem;

  constructor(provider: SocialProvider, problem: StateProblem) {
    super(
      'bad_request',
      problem === 'expired'
        ? `The sign-in with ${providerLabels[provider]} took too long. Please start again.`
        : `This sign-in with ${providerLabels[provider]} could not be verified. Please start again.`,
      { code: 'social_sign_in_state_invalid' },
    );
    this.name = 'SocialSignInStateInvalid';
    this.provider = provider;
    this.problem = problem;
  }
}

export type FailureStage = 'authorization' | 'token_exchange' | 'identity' | 'id_token' | 'refresh';

/** The provider refused or answered something we cannot trust (an error reply, a bad id_token, a malformed body). */
export class SocialSignInFailed extends AppError {
  readonly provider: SocialProvider;
  readonly stage: FailureStage;
  /** The provider's own error code (e.g. `invalid_grant`), for the log, never for people. */
  readonly providerError: string | undefined;

  constructor(
    provider: SocialProvider,
    stage: FailureStage,
    detail: string,
    options: { providerError?: string; cause?: unknown } = {},
  ) {
    super('bad_request', `Sign-in with ${providerLabels[provider]} failed: ${detail}`, {
      code: 'social_sign_in_failed',
      cause: options.cause,
    });
    this.name = 'SocialSignInFailed';
    this.provider = provider;
    this.stage = stage;
    this.providerError = options.providerError;
  }
}

/** The provider could not be reached in time or answered with a server error: worth trying again later. */
export class SocialProviderUnavailable extends AppError {
  readonly provider: SocialProvider;

  constructor(provider: SocialProvider, cause?: unknown) {
    super('unavailable', `${providerLabels[provider]} is not answering right now. Please try again.`, {
      code: 'social_provider_unavailable',
      cause,
    });
    this.name = 'SocialProviderUnavailable';
    this.provider = provider;
  }
}

/** Neither real credentials nor the local sandbox are configured for this provider. */
export class SocialProviderNotConfigured extends AppError {
  readonly provider: SocialProvider;

  constructor(provider: SocialProvider) {
    super('unavailable', `Sign-in with ${providerLabels[provider]} is not available.`, {
      code: 'social_provider_not_configured',
    });
    this.name = 'SocialProviderNotConfigured';
    this.provider = provider;
  }
}

/** A Google identity that is not a verified account of the staff domain tried the staff sign-in. */
export class StaffEmailRefused extends AppError {
  constructor() {
    super('forbidden', 'Only verified staff Google accounts can sign in here.', {
      code: 'staff_email_refused',
    });
    this.name = 'StaffEmailRefused';
  }
}
