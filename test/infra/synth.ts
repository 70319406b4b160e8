// Synthesis and template lookups shared by the identity infra tests: bundling skipped (TOOLCHAIN.md), placeholder web
// assets, and cdk.json's context, as the CLI would apply it.
import { readFileSync } from 'node:fs';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { OpenPieStackProps } from '../../infra/openpie-stack';
import { OpenPieStack } from '../../infra/openpie-stack';
import type { Stage } from '../../infra/stage';
import { buildName } from '../../infra/stage';
import { createPlaceholderWebAssets } from '../../infra/web-assets';

const cdkContext = (
  JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DeletionPolicy?: string;
}

export type Resources = Record<string, CfnResource>;

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

type SynthProps = Pick<OpenPieStackProps, 'alarmEmail' | 'staffAlertEmail' | 'restoredTable'>;

/** The stack of a stage, for checks that need the construct tree (cdk-nag) rather than the template. */
export function buildStack(
  stage: Stage,
  context: Record<string, unknown> = {},
  props: SynthProps = {},
): OpenPieStack {
  const app = new App({
    context: { ...cdkContext, stage, ...context, 'aws:cdk:bundling-stacks': [] },
  });
  return new OpenPieStack(app, `OpenPie-${stage}`, {
    stage,
    webAssets: createPlaceholderWebAssets(),
    ...props,
  });
}

export function synthesize(
  stage: Stage,
  context: Record<string, unknown> = {},
  props: SynthProps = {},
): Resources {
  return resourcesOf(buildStack(stage, context, props));
}

export function resourcesOf(stack: OpenPieStack): Resources {
  return (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources;
}

export function listResources(resources: Resources, type: string): [string, CfnResource][] {
  return Object.entries(resources).filter(([, resource]) => resource.Type === type);
}

/** `{ "Fn::GetAtt": ["Id", "Arn"] }` or `{ Ref: "Id" }` → `Id`. */
export function readReferencedId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const getAtt = record['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  return typeof record['Ref'] === 'string' ? record['Ref'] : undefined;
}

/** The OpenPie function named `openpie-<stage>-<name>`, as its logical id and resource. */
export function findFunction(resources: Resources, stage: Stage, name: string): [string, CfnResource] {
  const found = listResources(resources, 'AWS::Lambda::Function').find(
    ([, resource]) => resource.Properties?.['FunctionName'] === buildName(stage, name),
  );
  if (!found) throw new Error(`no function ${name}`);
  return found;
}

/** Every OpenPie function of the stage (CDK adds Lambdas of its own, e.g. for BucketDeployment). */
export function listOpenPieFunctions(resources: Resources, stage: Stage): [string, CfnResource][] {
  return listResources(resources, 'AWS::Lambda::Function').filter(([, resource]) =>
    String(resource.Properties?.['FunctionName']).startsWith(`${buildName(stage)}-`),
  );
}

export function readVariables(fn: CfnResource): Record<string, unknown> {
  return (
    (fn.Properties?.['Environment'] as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}
  );
}

/** Every IAM statement attached to a function's role. */
export function listStatements(resources: Resources, functionId: string): Statement[] {
  const roleId = readReferencedId(resources[functionId]?.Properties?.['Role']);
  return listResources(resources, 'AWS::IAM::Policy')
    .filter(([, policy]) =>
      ((policy.Properties?.['Roles'] ?? []) as unknown[]).some((role) => readReferencedId(role) === roleId),
    )
    .flatMap(([, policy]) => (policy.Properties?.['PolicyDocument'] as { Statement: Statement[] }).Statement);
}

export function listActions(statements: readonly Statement[]): string[] {
  return statements.flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  );
}

/** The statements that name an action of a service (`ses`, `kms` …). */
export function listServiceStatements(
  resources: Resources,
  functionId: string,
  service: string,
): Statement[] {
  return listStatements(resources, functionId).filter((statement) =>
    listActions([statement]).some((action) => action.startsWith(`${service}:`)),
  );
}
