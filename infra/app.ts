// The CDK app (`cdk.json` runs it with tsx): one stack per stage, `-c stage=dev|prod` (default dev).
import { readFileSync } from 'node:fs';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { OpenPieStack } from './openpie-stack';
import { resolveFromRepoRoot } from './paths';
import { parseStage } from './stage';
import { defaultWebAssetsPath } from './web-assets';

function readPackageVersion(): string {
  const manifest = JSON.parse(readFileSync(resolveFromRepoRoot('package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

function readStringContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const app = new App();
const stage = parseStage(app.node.tryGetContext('stage'));
const account = process.env['CDK_DEFAULT_ACCOUNT'];
const region = process.env['CDK_DEFAULT_REGION'];
const alarmEmail = readStringContext(app, 'alarmEmail');
const staffAlertEmail = readStringContext(app, 'staffAlertEmail');
// After a point-in-time restore (docs/operating.md): the new table the stack adopts. Both, or neither.
const restoredTableName = readStringContext(app, 'restoredTableName');
const restoredTableStreamArn = readStringContext(app, 'restoredTableStreamArn');
if ((restoredTableName === undefined) !== (restoredTableStreamArn === undefined)) {
  throw new Error('Give both -c restoredTableName=… and -c restoredTableStreamArn=…, or neither.');
}

new OpenPieStack(app, `OpenPie-${stage}`, {
  stage,
  description: `OpenPie (${stage}): site, API, table, jobs and events.`,
  // Without credentials the stack stays environment-agnostic, so synth never needs AWS.
  ...(account || region ? { env: { account, region } } : {}),
  appVersion: readStringContext(app, 'appVersion') ?? readPackageVersion(),
  webAssets: readStringContext(app, 'webAssets') ?? defaultWebAssetsPath,
  ...(alarmEmail ? { alarmEmail } : {}),
  ...(staffAlertEmail ? { staffAlertEmail } : {}),
  ...(restoredTableName && restoredTableStreamArn
    ? { restoredTable: { tableName: restoredTableName, tableStreamArn: restoredTableStreamArn } }
    : {}),
});

Tags.of(app).add('project', 'openpie');
Tags.of(app).add('stage', stage);
// Every synth (and so every deploy) fails on an unacknowledged AWS Solutions finding.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
