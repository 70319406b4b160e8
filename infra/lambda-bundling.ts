// How every Lambda is bundled: the stack's NodejsFunctions and `npm run bench` both read this, so the figures the
// benchmark prints are the bundles that deploy. The AWS SDK is bundled (not taken from the runtime) so the
// version we test against is the version that runs.
import { fileURLToPath } from 'node:url';

const requireShim =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Lambda gives a function its credentials in environment variables, so the SDK's default provider chain (SSO, INI,
 * web identity, instance metadata, with the STS and SSO clients behind them) is swapped for the environment provider:
 * a third less code to parse at every cold start (docs/decisions/004).
 */
const lambdaCredentialProvider = fileURLToPath(
  new URL('../functions/integrations/aws/lambda-credential-provider.ts', import.meta.url),
);
/**
 * Every DynamoDB client builds an endpoint cache on mnemonist's LRUCache (typed arrays behind iterator helpers, about
 * 7.5 KB), for endpoint discovery that stays off; a Map-based cache with the same methods takes its place
 * (docs/decisions/017-bundle-budget.md).
 */
const lruCache = fileURLToPath(new URL('../functions/integrations/aws/lru-cache.ts', import.meta.url));
const alias = {
  '@aws-sdk/credential-provider-node': lambdaCredentialProvider,
  'mnemonist/lru-cache': lruCache,
};

/**
 * The SDK reaches its event-stream serde only through a dynamic import, for operations that stream events; none of
 * the clients OpenPie uses (DynamoDB, KMS, Secrets Manager, SES, SQS, EventBridge) has one. Left out of the bundle it
 * saves about 19 KB in every Lambda, which pays for Powertools' logger (docs/decisions/014).
 */
const external = ['@smithy/core/event-streams'];

export const lambdaBundling = {
  esbuild: {
    format: 'esm' as const,
    target: 'node22',
    minify: true,
    sourcemap: true,
    mainFields: ['module', 'main'],
    banner: { js: requireShim },
    alias,
    external,
  },
  /** The same, in the words of aws-lambda-nodejs' BundlingOptions. */
  cdk: {
    minify: true,
    sourceMap: true,
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: requireShim,
    bundleAwsSDK: true,
    externalModules: external,
    esbuildArgs: Object.fromEntries(Object.entries(alias).map(([name, path]) => [`--alias:${name}`, path])),
  },
} as const;
