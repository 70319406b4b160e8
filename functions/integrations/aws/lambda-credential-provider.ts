// Stands in for @aws-sdk/credential-provider-node in Lambda bundles only (infra/lambda-bundling.ts). Lambda always
// hands a function its role's credentials in environment variables, so the default chain's SSO, INI, process, web
// identity and instance-metadata providers (and the STS and SSO clients they pull in) are dead weight that every
// cold start would parse. Locally and in tests the clients are given explicit credentials and never reach this.
import { fromEnv } from '@aws-sdk/credential-provider-env';
import type { AwsCredentialIdentityProvider } from '@smithy/types';

export function defaultProvider(): AwsCredentialIdentityProvider {
  return fromEnv();
}

export const credentialsWillNeedRefresh = () => false;
export const credentialsTreatedAsExpired = () => false;
