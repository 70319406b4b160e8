// Social sign-in for the services: what they call, and nothing of how it is done.
export type { OAuthConfig, OAuthProviderConfig, OAuthSettingsInput } from './config';
export { resolveOAuthConfig } from './config';
export type { FailureStage, StateProblem } from './errors';
export {
  SocialProviderNotConfigured,
  SocialProviderUnavailable,
  SocialSignInCancelled,
  SocialSignInFailed,
  SocialSignInStateInvalid,
  StaffEmailRefused,
} from './errors';
export type { SocialProvider } from './providers';
export { providerLabels, socialProviders } from './providers';
export type {
  BeginSignInInput,
  BeginSignInResult,
  CompleteSignInInput,
  SocialIdentity,
  SocialSignIn,
  SocialSignInDependencies,
} from './social-sign-in';
export { createSocialSignIn } from './social-sign-in';
export type { ProviderTokens, TokenRefresher } from './token-endpoint';
export { createTokenRefresher } from './token-endpoint';
export { assertStaffIdentity, isStaffEmail } from './staff-email';
export type { OpenedState, SignInIntent } from './state-cookie';
export {
  buildClearedStateCookie,
  openState,
  readStateCookie,
  signInIntentSchema,
  stateCookieName,
  stateLifetimeSeconds,
} from './state-cookie';
