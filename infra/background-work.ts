// Everything that runs without a request: one EventBridge Scheduler schedule per job, one bus rule per consumer, one
// SQS-fed worker per queue and one worker per table-stream consumer, all from events/definitions.ts (the same data the
// local scheduler runs).
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction, Function as OpenPieFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import {
  ContextAttribute,
  Schedule,
  ScheduleExpression,
  ScheduleGroup,
  ScheduleTargetInput,
} from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { eventSource, jobs, queues, rules, tableStreamWorkers } from '../events/definitions';
import { tableDefinition } from '../functions/data/table-definition';
import {
  consumerCapabilities,
  jobCapabilities,
  queueWorkerCapabilities,
  streamWorkerCapabilities,
} from './capabilities';
import type { DataTable } from './data-table';
import type { CreateFunction } from './lambda-function';
import type { Messaging } from './messaging';
import { acknowledge } from './nag';
import type { StageSettings } from './stage';
import { buildName } from './stage';

export interface BackgroundWorkProps {
  readonly settings: StageSettings;
  readonly messaging: Messaging;
  readonly data: DataTable;
  readonly createFunction: CreateFunction;
}

// Consumers and workers have no timeout in the definitions; AWS advises a visibility timeout of six times the
// function timeout, so a worker's timeout follows from its queue's.
const consumerTimeout = Duration.seconds(60);
const visibilityToTimeoutRatio = 6;

export class BackgroundWork extends Construct {
  readonly jobFunctions = new Map<string, OpenPieFunction>();
  readonly consumerFunctions = new Map<string, OpenPieFunction>();
  readonly workerFunctions = new Map<string, OpenPieFunction>();
  readonly streamWorkerFunctions = new Map<string, OpenPieFunction>();
  readonly schedules = new Map<string, Schedule>();

  constructor(scope: Construct, id: string, props: BackgroundWorkProps) {
    super(scope, id);
    this.addJobs(props);
    this.addRules(props);
    this.addWorkers(props);
    this.addStreamWorkers(props);
  }

  private addJobs({ settings, messaging, createFunction }: BackgroundWorkProps): void {
    const group = new ScheduleGroup(this, 'ScheduleGroup', {
      scheduleGroupName: buildName(settings.stage),
      // The group holds nothing but the schedules, which the stack recreates; retaining it would only orphan it.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // One role for every job schedule, so its invoke permissions are reviewed in one place.
    const schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
      description:
        'Lets EventBridge Scheduler invoke the OpenPie job functions and dead-letter failed deliveries.',
    });
    for (const job of jobs) {
      const fn = createFunction(this, {
        id: `${job.name}Job`,
        name: `job-${job.name}`,
        entry: job.entry,
        description: job.description,
        timeout: Duration.seconds(job.timeoutSeconds),
        deadLetterQueue: messaging.jobsDeadLetterQueue,
        capabilities: jobCapabilities[job.name],
      });
      this.jobFunctions.set(job.name, fn);
      const schedule = new Schedule(this, `${job.name}Schedule`, {
        scheduleName: buildName(settings.stage, job.name),
        description: job.description,
        scheduleGroup: group,
        schedule: ScheduleExpression.expression(job.schedule),
        enabled: true,
        target: new LambdaInvoke(fn, {
          role: schedulerRole,
          // The shape of events/schemas.ts jobEventSchema; the scheduler fills in the placeholders per run.
          input: ScheduleTargetInput.fromObject({
            job: job.name,
            scheduledAt: ContextAttribute.scheduledTime,
            runId: ContextAttribute.executionId,
          }),
          retryAttempts: 3,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: messaging.jobsDeadLetterQueue,
        }),
      });
      this.schedules.set(job.name, schedule);
      acknowledge(
        schedulerRole,
        `AwsSolutions-IAM5[Resource::<${resolveLogicalId(fn)}.Arn>:*]`,
        'CDK grants invoke on every version/alias of this one job function; the scheduler calls $LATEST.',
      );
    }
  }

  private addRules({ settings, messaging, createFunction }: BackgroundWorkProps): void {
    for (const definition of rules) {
      const fn = createFunction(this, {
        id: `${definition.name}Consumer`,
        name: `consumer-${definition.name}`,
        entry: definition.entry,
        description: definition.description,
        timeout: consumerTimeout,
        deadLetterQueue: messaging.eventsDeadLetterQueue,
        capabilities: consumerCapabilities[definition.name],
      });
      this.consumerFunctions.set(definition.name, fn);
      new Rule(this, `${definition.name}Rule`, {
        ruleName: buildName(settings.stage, definition.name),
        description: definition.description,
        eventBus: messaging.bus,
        eventPattern: { source: [eventSource], detailType: [...definition.detailTypes] },
        targets: [
          new LambdaFunction(fn, {
            deadLetterQueue: messaging.eventsDeadLetterQueue,
            retryAttempts: 4,
            maxEventAge: Duration.hours(2),
          }),
        ],
      });
    }
  }

  private addWorkers({ messaging, createFunction }: BackgroundWorkProps): void {
    for (const definition of queues) {
      const work = messaging.workQueues.get(definition.name);
      if (!work) throw new Error(`Queue ${definition.name} was not created.`);
      const capabilities = queueWorkerCapabilities[definition.name];
      // The event source below grants the consuming; a row that says otherwise is a mistake in the table.
      if (capabilities.fanWorkQueue !== 'consume' && capabilities.fanWorkQueue !== 'consume-and-send') {
        throw new Error(`The capability table must say the ${definition.name} worker consumes its queue.`);
      }
      const fn = createFunction(this, {
        id: `${definition.name}Worker`,
        name: `worker-${definition.name}`,
        entry: definition.entry,
        description: definition.description,
        timeout: Duration.seconds(Math.floor(definition.visibilityTimeoutSeconds / visibilityToTimeoutRatio)),
        capabilities,
      });
      // Failed messages are retried by SQS itself and end in the queue's DLQ, so no Lambda DLQ here.
      fn.addEventSource(
        new SqsEventSource(work.queue, {
          batchSize: definition.batchSize,
          reportBatchItemFailures: true,
          maxConcurrency: definition.maxConcurrency,
        }),
      );
      this.workerFunctions.set(definition.name, fn);
    }
  }

  private addStreamWorkers({ messaging, data, createFunction }: BackgroundWorkProps): void {
    for (const definition of tableStreamWorkers) {
      const deadLetterQueue = messaging.streamDeadLetterQueues.get(definition.name);
      if (!deadLetterQueue) throw new Error(`The dead-letter queue of ${definition.name} was not created.`);
      const fn = createFunction(this, {
        id: `${definition.name}StreamWorker`,
        name: `worker-${definition.name}`,
        entry: definition.entry,
        description: definition.description,
        timeout: Duration.seconds(definition.timeoutSeconds),
        capabilities: streamWorkerCapabilities[definition.name],
      });
      fn.addEventSource(
        new DynamoEventSource(data.table, {
          // From the oldest record the stream keeps (24 h): a mapping created after the first writes, or created
          // anew, misses nothing, and the worker skips what an earlier delivery already handled.
          startingPosition: StartingPosition.TRIM_HORIZON,
          batchSize: definition.batchSize,
          bisectBatchOnError: true,
          retryAttempts: definition.retryAttempts,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(deadLetterQueue),
          filters: [
            FilterCriteria.filter({
              eventName: FilterRule.isEqual('INSERT'),
              dynamodb: {
                NewImage: {
                  [tableDefinition.entityAttribute]: { S: FilterRule.isEqual(definition.insertsOf) },
                },
              },
            }),
          ],
        }),
      );
      this.streamWorkerFunctions.set(definition.name, fn);
    }
  }
}

function resolveLogicalId(fn: OpenPieFunction): string {
  return Stack.of(fn).resolve((fn.node.defaultChild as CfnFunction).logicalId) as string;
}
