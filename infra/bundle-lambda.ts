// `tsx infra/bundle-lambda.ts <entry> <output folder>`: one Lambda's asset, as the stack deploys it. CDK's bundling
// is synchronous and esbuild's plugins run only in its asynchronous API, so the stack runs this in a child process.
import { bundleLambda, lambdaAssetFile } from './lambda-bundling';

const [entry, outputDir] = process.argv.slice(2);
if (entry === undefined || outputDir === undefined) {
  console.error('usage: tsx infra/bundle-lambda.ts <entry> <output folder>');
  process.exit(2);
}
await bundleLambda({ entryPoints: [entry] }, lambdaAssetFile(outputDir));
