// Social sign-in for the auth handlers: what they call, and nothing of how it is done.
export type { OAuthConfig, OAuthProviderConfig } from './config';
export { credentialVariables, describeOAuthConfig, loadOAuthConfig, OAuthConfigError } from './config';
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
  ProviderTokens,
  SocialIdentity,
  SocialSignIn,
  SocialSignInDependencies,
} from './social-sign-in';
export {
  createSocialSignIn,
  describeSocialSignInFailure,
  getSocialSignIn,
  resetSocialSignIn,
} from './social-sign-in';
export { assertStaffIdentity, isStaffEmail } from './staff-email';
export type { SignInIntent } from './state-cookie';
export {
  buildClearedStateCookie,
  readStateCookie,
  signInIntentSchema,
  stateCookieName,
  stateLifetimeSeconds,
} from './state-cookie';
