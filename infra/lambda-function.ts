// Every OpenPie Lambda is built the same way (API resources, jobs, consumers, workers): one place decides the
// runtime, bundling and logging, so a handler never behaves differently because of how it was deployed.
import { execFileSync } from 'node:child_process';
import { AssetHashType, DockerImage, type Duration } from 'aws-cdk-lib';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Capabilities } from '../functions/contracts/capabilities';
import { acknowledge, basicExecutionRoleFinding } from './nag';
import { resolveFromRepoRoot, repoRoot, requireEntry } from './paths';
import type { StageSettings } from './stage';
import { buildName } from './stage';

export interface OpenPieFunctionProps {
  readonly settings: StageSettings;
  /** Short name, unique in the stage: `health`, `job-listening-sync` … */
  readonly name: string;
  /** Module exporting `handler`, relative to the repository root. */
  readonly entry: string;
  readonly description: string;
  readonly timeout: Duration;
  /** MB; 512 unless the function needs more CPU (Lambda's CPU share grows with memory). */
  readonly memorySize?: number;
  readonly environment: Readonly<Record<string, string>>;
  /** Where asynchronous invocations (scheduler, bus) land after Lambda's own retries are spent. */
  readonly deadLetterQueue?: IQueue;
}

export interface FunctionSpec extends Omit<OpenPieFunctionProps, 'settings' | 'environment'> {
  readonly id: string;
  /** Its row of the capability table: the stack grants this and nothing else (infra/capabilities.ts). */
  readonly capabilities: Capabilities;
}

export type CreateFunction = (scope: Construct, spec: FunctionSpec) => LambdaFunction;

const defaultMemorySize = 512;

export function createOpenPieFunction(
  scope: Construct,
  id: string,
  props: OpenPieFunctionProps,
): LambdaFunction {
  const functionName = buildName(props.settings.stage, props.name);
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    logGroupName: `/aws/lambda/${functionName}`,
    retention: props.settings.logRetention,
    removalPolicy: props.settings.removalPolicy,
  });
  const fn = new LambdaFunction(scope, id, {
    functionName,
    description: props.description,
    code: bundledCode(requireEntry(props.entry)),
    handler: 'index.handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? defaultMemorySize,
    timeout: props.timeout,
    tracing: Tracing.ACTIVE,
    logGroup,
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
  });
  acknowledgeFunctionFindings(fn);
  return fn;
}

/**
 * The Lambda's code: its entry bundled here by infra/bundle-lambda.ts, as `npm run bench` measures it
 * (infra/lambda-bundling.ts). A child process, because CDK bundles synchronously and esbuild's plugins need its
 * asynchronous API. The asset's hash is the bundle's, so an unchanged bundle is not uploaded again.
 */
function bundledCode(entry: string): Code {
  return Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: the local bundling below always runs or throws.
      image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
      // The command names the entry, which makes it part of CDK's bundling cache key: without it every function of
      // the stack would share the first one's bundle.
      command: ['npx', 'tsx', 'infra/bundle-lambda.ts', entry, '/asset-output'],
      local: {
        tryBundle(outputDir) {
          execFileSync(
            process.execPath,
            ['--import', 'tsx', resolveFromRepoRoot('infra/bundle-lambda.ts'), entry, outputDir],
            { cwd: repoRoot, stdio: 'inherit' },
          );
          return true;
        },
      },
    },
  });
}

function acknowledgeFunctionFindings(fn: LambdaFunction): void {
  acknowledge(
    fn,
    'AwsSolutions-L1',
    'Node 22 is the pinned Lambda runtime (TOOLCHAIN.md); Node 24 is a deliberate upgrade.',
  );
  acknowledge(
    fn,
    basicExecutionRoleFinding,
    'AWSLambdaBasicExecutionRole only lets the function write its own CloudWatch logs.',
  );
  acknowledge(
    fn,
    'AwsSolutions-IAM5[Resource::*]',
    'X-Ray PutTraceSegments/PutTelemetryRecords have no resource-level permissions (active tracing).',
  );
}
