// The deployment stages and what differs between them. Everything else in the stack is the same for both, so a
// dev deploy exercises exactly what prod will run.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const stages = ['dev', 'prod'] as const;
export type Stage = (typeof stages)[number];

export interface StageSettings {
  readonly stage: Stage;
  /** Data that would be costly to lose (table, secret, logs of record) survives a stack deletion in prod. */
  readonly removalPolicy: RemovalPolicy;
  readonly deletionProtection: boolean;
  readonly logRetention: RetentionDays;
  readonly logLevel: 'debug' | 'info';
  /** How long CloudFront and S3 request logs are kept before S3 expires them. */
  readonly accessLogExpiry: Duration;
}

export function isStage(value: unknown): value is Stage {
  return typeof value === 'string' && (stages as readonly string[]).includes(value);
}

/** The stage named by `-c stage=…`; anything but dev or prod is a typo that must not deploy somewhere odd. */
export function parseStage(value: unknown): Stage {
  if (value === undefined || value === null || value === '') return 'dev';
  if (isStage(value)) return value;
  throw new Error(`Unknown stage ${JSON.stringify(value)}: use -c stage=dev or -c stage=prod.`);
}

export function getStageSettings(stage: Stage): StageSettings {
  if (stage === 'prod') {
    return {
      stage,
      removalPolicy: RemovalPolicy.RETAIN,
      deletionProtection: true,
      logRetention: RetentionDays.THREE_MONTHS,
      logLevel: 'info',
      accessLogExpiry: Duration.days(365),
    };
  }
  return {
    stage,
    removalPolicy: RemovalPolicy.DESTROY,
    deletionProtection: false,
    logRetention: RetentionDays.TWO_WEEKS,
    logLevel: 'debug',
    accessLogExpiry: Duration.days(30),
  };
}

/** `openpie-dev-health`: one prefix per stage, so two stages can share an account without name clashes. */
export function buildName(stage: Stage, ...parts: string[]): string {
  return ['openpie', stage, ...parts].join('-');
}
