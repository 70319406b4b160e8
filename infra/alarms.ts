// What pages a person: anything in a dead-letter queue, the API failing, Lambdas being throttled, a reconciliation
// check finding money that does not add up, and a pie past its end that could not be split. All alarms notify one SNS
// topic, and each alarm's description names the section of docs/operating.md that says what to do.
import { Duration } from 'aws-cdk-lib';
import type { IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import {
  Alarm,
  ComparisonOperator,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IFilterPattern, ILogGroup } from 'aws-cdk-lib/aws-logs';
import { FilterPattern, MetricFilter } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { StageSettings } from './stage';
import { buildName } from './stage';

const period = Duration.minutes(5);
// CloudWatch allows at most 10 metrics in one alarm's math expression.
const metricsPerExpression = 10;
// One 5xx is usually a client that went away mid-request; five in five minutes is a broken deploy or dependency.
const serverErrorThreshold = 5;

/** The sections of docs/operating.md that say what to do when an alarm fires (test/infra checks they exist). */
export const runbooks = [
  'dead-letters',
  'api-errors',
  'throttles',
  'reconciliation-failed',
  'pies-past-their-end',
] as const;
export type Runbook = (typeof runbooks)[number];

/** Where an alarm's reader finds its section: the repository's operating guide, by its heading's anchor. */
export function runbookUrl(runbook: Runbook): string {
  return `docs/operating.md#${runbook}`;
}

export interface AlarmsProps {
  readonly settings: StageSettings;
  readonly deadLetterQueues: readonly { readonly label: string; readonly queue: IQueue }[];
  readonly httpApi: HttpApi;
  readonly functions: readonly IFunction[];
  /**
   * Logs in which an entry with `alert: true` pages staff: the reconciliation-alert consumer writes those, and the
   * fan-work worker when a pie's split failed too often or could not be marked split (it names the `pieId`).
   */
  readonly alertLogGroups: readonly ILogGroup[];
  /** Optional address subscribed to the topic (`-c alarmEmail=…`). */
  readonly email?: string;
}

export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  private readonly settings: StageSettings;

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const { settings } = props;
    this.settings = settings;
    // CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, so the topic gets its own key.
    const key = new Key(this, 'TopicKey', {
      description: 'Encrypts the OpenPie alarm topic; CloudWatch may use it to publish.',
      enableKeyRotation: true,
      removalPolicy: settings.removalPolicy,
    });
    key.grant(new ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new Topic(this, 'Topic', {
      topicName: buildName(settings.stage, 'alarms'),
      displayName: `OpenPie ${settings.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));

    for (const { label, queue } of props.deadLetterQueues) {
      this.addAlarm(`${label}DeadLetters`, {
        description: `Messages are waiting in the ${label} dead-letter queue: work failed after every retry.`,
        runbook: 'dead-letters',
        metric: queue.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
        threshold: 0,
      });
    }

    this.addAlarm('ApiServerErrors', {
      description: `The API answered ${serverErrorThreshold} or more 5xx in five minutes.`,
      runbook: 'api-errors',
      metric: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
      threshold: serverErrorThreshold - 1,
    });

    const chunks = splitIntoChunks(props.functions, metricsPerExpression);
    chunks.forEach((group, index) => {
      const usingMetrics = Object.fromEntries(
        group.map((fn, position) => [`t${position}`, fn.metricThrottles({ period, statistic: 'Sum' })]),
      );
      this.addAlarm(`LambdaThrottles${index + 1}`, {
        description: `Lambda throttled invocations (functions ${index * metricsPerExpression + 1}-${
          index * metricsPerExpression + group.length
        } of ${props.functions.length}): concurrency is exhausted.`,
        runbook: 'throttles',
        metric: new MathExpression({
          expression: Object.keys(usingMetrics).join(' + '),
          usingMetrics,
          period,
          label: 'Throttles',
        }),
        threshold: 0,
      });
    });

    if (props.alertLogGroups.length > 0) {
      this.addLogAlarm(props.alertLogGroups, {
        id: 'Alerts',
        // Every alert but a pie's, which has its own alarm below: today, a reconciliation run's findings.
        pattern: FilterPattern.all(
          FilterPattern.booleanValue('$.alert', true),
          FilterPattern.notExists('$.pieId'),
        ),
        description:
          'A background function logged an alert, e.g. a reconciliation check found money that does not add up.',
        runbook: 'reconciliation-failed',
      });
      this.addLogAlarm(props.alertLogGroups, {
        id: 'PiesPastTheirEnd',
        pattern: FilterPattern.all(
          FilterPattern.booleanValue('$.alert', true),
          FilterPattern.exists('$.pieId'),
        ),
        description:
          'A pie whose period ended could not be split: its split failed too often, or it was refunded or ' +
          'disputed while being split.',
        runbook: 'pies-past-their-end',
      });
    }
  }

  /** An alarm on the count of log entries matching `pattern` in any of `logGroups`. */
  private addLogAlarm(
    logGroups: readonly ILogGroup[],
    options: { id: string; pattern: IFilterPattern; description: string; runbook: Runbook },
  ): void {
    const metric = new Metric({
      namespace: `OpenPie/${this.settings.stage}`,
      metricName: options.id,
      period,
      statistic: 'Sum',
    });
    logGroups.forEach((logGroup, index) => {
      new MetricFilter(this, `${options.id}Filter${index + 1}`, {
        logGroup,
        filterPattern: options.pattern,
        metricNamespace: metric.namespace,
        metricName: metric.metricName,
        metricValue: '1',
      });
    });
    this.addAlarm(options.id, {
      description: options.description,
      runbook: options.runbook,
      metric,
      threshold: 0,
    });
  }

  private addAlarm(
    id: string,
    options: { description: string; runbook: Runbook; metric: IMetric; threshold: number },
  ): void {
    const alarm = new Alarm(this, id, {
      alarmName: buildName(this.settings.stage, id),
      alarmDescription: `${options.description} What to do: ${runbookUrl(options.runbook)}`,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.topic));
    alarm.addOkAction(new SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

function splitIntoChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
