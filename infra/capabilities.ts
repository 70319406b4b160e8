// Turns a row of the capability table (functions/contracts/capabilities.ts) into IAM grants and the environment
// variables those grants imply, and nothing else: a function learns an ARN, a queue URL or a key id only when it may
// use it. docs/decisions/013-least-privilege.md.
import type { Stack } from 'aws-cdk-lib';
import type { EventBus } from 'aws-cdk-lib/aws-events';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Capabilities, SecretName } from '../functions/contracts/capabilities';
import { backgroundCapabilities } from '../functions/contracts/capabilities';
import type { jobs, queues, rules, tableStreamWorkers } from '../events/definitions';
import type { DataTable } from './data-table';

type JobName = (typeof jobs)[number]['name'];
type RuleName = (typeof rules)[number]['name'];
type QueueName = (typeof queues)[number]['name'];
type TableStreamWorkerName = (typeof tableStreamWorkers)[number]['name'];

// Compile-time link between the table and events/definitions.ts: a job, rule or worker added there without a row
// here fails typecheck (missing property); a row for something that is gone fails the infra tests.
export const jobCapabilities: Readonly<Record<JobName, Capabilities>> = backgroundCapabilities.jobs;
export const consumerCapabilities: Readonly<Record<RuleName, Capabilities>> =
  backgroundCapabilities.consumers;
export const queueWorkerCapabilities: Readonly<Record<QueueName, Capabilities>> =
  backgroundCapabilities.queueWorkers;
export const streamWorkerCapabilities: Readonly<Record<TableStreamWorkerName, Capabilities>> =
  backgroundCapabilities.streamWorkers;

/**
 * The encryption context kms-data-key-provider.ts sends with every GenerateDataKey and Decrypt; the grant requires
 * it, so the token key's permissions cannot be used to wrap or unwrap keys for anything else.
 */
export const tokenEncryptionContext = { purpose: 'openpie-token-encryption' } as const;

/** What the grants point at; built once by the stack. */
export interface CapabilityTargets {
  readonly stack: Stack;
  readonly data: DataTable;
  readonly secrets: Readonly<Record<SecretName, Secret>>;
  readonly tokenKey: Key;
  readonly bus: EventBus;
  readonly fanWorkQueue: Queue;
  /** `Name <address>`, and the two SES identities it may be verified as. */
  readonly emailFrom: string;
  readonly senderIdentities: { readonly address: string; readonly domain: string };
  /** The providers' public client ids from the CDK context (absent ones are not offered). */
  readonly providerSettings: Readonly<Record<string, string>>;
  /** Where staff are mailed about reconciliation findings (`-c staffAlertEmail=…`); none when not given. */
  readonly staffAlertEmail?: string | undefined;
}

/** The environment variable that names each secret to its readers. */
export const secretVariables: Readonly<Record<SecretName, string>> = {
  app: 'APP_SECRET_ARN',
  stripe: 'STRIPE_SECRET_ARN',
};

/** The variables a function's capabilities imply, beyond the ones every function gets. */
export function buildCapabilityEnvironment(
  capabilities: Capabilities,
  targets: CapabilityTargets,
): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const name of capabilities.secrets)
    environment[secretVariables[name]] = targets.secrets[name].secretArn;
  if (capabilities.tokenKey) environment['TOKEN_ENCRYPTION_KMS_KEY_ID'] = targets.tokenKey.keyArn;
  // Social sign-in's public settings come from context (`-c spotifyClientId=… -c staffEmailDomain=…`); the client
  // secrets live in the app secret. A provider without both is not offered (functions/integrations/oauth).
  if (capabilities.providers) Object.assign(environment, targets.providerSettings);
  if (capabilities.sendsEmail) environment['EMAIL_FROM'] = targets.emailFrom;
  if (sendsFanWork(capabilities)) environment['FAN_WORK_QUEUE_URL'] = targets.fanWorkQueue.queueUrl;
  if (capabilities.publishesEvents) environment['EVENT_BUS_NAME'] = targets.bus.eventBusName;
  if (capabilities.mailsStaff && targets.staffAlertEmail) {
    environment['STAFF_ALERT_EMAIL'] = targets.staffAlertEmail;
  }
  return environment;
}

/** Whether the function sends to the fan-work queue (a job fanning out, or its worker sending a fan again). */
export function sendsFanWork(capabilities: Capabilities): boolean {
  return capabilities.fanWorkQueue === 'send' || capabilities.fanWorkQueue === 'consume-and-send';
}

/**
 * Grants exactly the capabilities. A queue consumer's rights come with its event source (background-work.ts), which
 * refuses a worker whose row does not say it consumes.
 */
export function grantCapabilities(
  fn: IFunction,
  capabilities: Capabilities,
  targets: CapabilityTargets,
): void {
  targets.data.grant(fn, capabilities.table);
  for (const name of capabilities.secrets) targets.secrets[name].grantRead(fn);
  if (capabilities.tokenKey) grantTokenKey(fn, targets.tokenKey);
  if (capabilities.sendsEmail) grantSendEmail(fn, targets);
  if (sendsFanWork(capabilities)) targets.fanWorkQueue.grantSendMessages(fn);
  if (capabilities.publishesEvents) targets.bus.grantPutEventsTo(fn);
}

function grantTokenKey(grantee: IGrantable, key: Key): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['kms:GenerateDataKey', 'kms:Decrypt'],
      resources: [key.keyArn],
      conditions: {
        StringEquals: Object.fromEntries(
          Object.entries(tokenEncryptionContext).map(([key, value]) => [
            `kms:EncryptionContext:${key}`,
            value,
          ]),
        ),
      },
    }),
  );
}

function grantSendEmail(grantee: IGrantable, { stack, senderIdentities }: CapabilityTargets): void {
  grantee.grantPrincipal.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [senderIdentities.domain, senderIdentities.address].map((identity) =>
        stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ),
    }),
  );
}
