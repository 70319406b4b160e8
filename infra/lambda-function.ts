// Every OpenPie Lambda is built the same way (API resources, jobs, consumers, workers): one place decides the
// runtime, bundling and logging, so a handler never behaves differently because of how it was deployed.
import type { Duration } from 'aws-cdk-lib';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { Capabilities } from '../functions/contracts/capabilities';
import { lambdaBundling } from './lambda-bundling';
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

export type CreateFunction = (scope: Construct, spec: FunctionSpec) => NodejsFunction;

const defaultMemorySize = 512;

export function createOpenPieFunction(
  scope: Construct,
  id: string,
  props: OpenPieFunctionProps,
): NodejsFunction {
  const functionName = buildName(props.settings.stage, props.name);
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    logGroupName: `/aws/lambda/${functionName}`,
    retention: props.settings.logRetention,
    removalPolicy: props.settings.removalPolicy,
  });
  const fn = new NodejsFunction(scope, id, {
    functionName,
    description: props.description,
    entry: requireEntry(props.entry),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? defaultMemorySize,
    timeout: props.timeout,
    tracing: Tracing.ACTIVE,
    logGroup,
    projectRoot: repoRoot,
    depsLockFilePath: resolveFromRepoRoot('package-lock.json'),
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
    bundling: {
      // Shared with `npm run bench`, so the sizes it reports are the bundles that deploy.
      ...lambdaBundling.cdk,
      mainFields: [...lambdaBundling.cdk.mainFields],
      format: OutputFormat.ESM,
      // --enable-source-maps parses the map at cold start; the sources themselves are not needed for stack traces.
      sourcesContent: false,
    },
  });
  acknowledgeFunctionFindings(fn);
  return fn;
}

function acknowledgeFunctionFindings(fn: NodejsFunction): void {
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
