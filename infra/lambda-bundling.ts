// How every Lambda is bundled: the stack (through infra/bundle-lambda.ts), `npm run bench` and the bundling tests all
// build with `bundleLambda`, so the figures the benchmark prints are the bundles that deploy. The AWS SDK is bundled
// (not taken from the runtime) so the version we test against is the version that runs.
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { build, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { schemasLeftOutWhenUnused } from './schemas-left-out-when-unused';
import { sdkExceptionsCompact } from './sdk-exceptions-compact';
import { stripeResourcesLeftOut } from './stripe-resources';

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
const external = [
  '@smithy/core/event-streams',
  // The SDK's browser user-agent provider imports bowser (34 KB) on first use; it never runs on Node.
  'bowser',
];

/**
 * Each AWS SDK client imports its whole package.json (about 2 KB each: scripts, dependencies, keywords) to read one
 * field, its version, for the user agent; only the name and version are bundled.
 */
const sdkPackageVersionOnly: Plugin = {
  name: 'sdk-package-version-only',
  setup(build) {
    build.onLoad(
      { filter: /[\\/]node_modules[\\/]@aws-sdk[\\/][^\\/]+[\\/]package\.json$/ },
      async ({ path }) => {
        const { name, version } = JSON.parse(await readFile(path, 'utf8')) as {
          name: string;
          version: string;
        };
        return { contents: JSON.stringify({ name, version }), loader: 'json' };
      },
    );
  },
};

export const lambdaBundling = {
  esbuild: {
    format: 'esm' as const,
    target: 'node22',
    platform: 'node' as const,
    bundle: true,
    minify: true,
    sourcemap: true,
    // --enable-source-maps parses the map at cold start; the sources themselves are not needed for stack traces.
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: requireShim },
    alias,
    external,
  },
} as const;

/**
 * Bundles a Lambda's entry (a file, or code given as `stdin`) into `outfile`: the options above, and the Stripe SDK's
 * resources the product never calls left out (infra/stripe-resources.ts, docs/decisions/047). A module the code loads
 * with `import()` on first use (the Stripe SDK, rarely-used paths) goes to its own file beside `outfile`, under
 * `<name>-chunks/`, so a cold start neither parses nor compiles it (docs/decisions/049).
 */
export async function bundleLambda(
  source: Pick<BuildOptions, 'entryPoints' | 'stdin'>,
  outfile: string,
): Promise<Metafile> {
  const name = basename(outfile, '.mjs');
  const { metafile } = await build({
    ...source,
    outdir: dirname(outfile),
    entryNames: name,
    chunkNames: `${name}-chunks/[name]-[hash]`,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    logLevel: 'error',
    metafile: true,
    ...lambdaBundling.esbuild,
    mainFields: [...lambdaBundling.esbuild.mainFields],
    plugins: [
      stripeResourcesLeftOut(),
      schemasLeftOutWhenUnused(),
      sdkPackageVersionOnly,
      sdkExceptionsCompact(),
    ],
  });
  return metafile;
}

/** The JavaScript files a bundle wrote (its entry and the chunks it loads on first use), not their source maps. */
export const bundleFiles = (metafile: Metafile): string[] =>
  Object.keys(metafile.outputs).filter((file) => file.endsWith('.mjs'));

/** The handler file in a Lambda's asset: `index.mjs`, so its handler is `index.handler`. */
export const lambdaAssetFile = (outputDir: string) => join(outputDir, 'index.mjs');
