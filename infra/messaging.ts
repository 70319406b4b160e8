// The bus, the work queues of events/definitions.ts and the dead-letter queues that catch whatever the scheduler,
// the bus, a queue worker or a table-stream worker could not deliver. Created before the functions, which need
// their names and URLs.
import { Duration } from 'aws-cdk-lib';
import { EventBus } from 'aws-cdk-lib/aws-events';
import type { QueueProps } from 'aws-cdk-lib/aws-sqs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queues, tableStreamWorkers } from '../events/definitions';
import { acknowledge } from './nag';
import type { StageSettings } from './stage';
import { buildName } from './stage';

export type QueueName = (typeof queues)[number]['name'];
export type TableStreamWorkerName = (typeof tableStreamWorkers)[number]['name'];

export interface WorkQueue {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
}

/** Every queue is encrypted and refuses plain-HTTP access; a DLQ keeps messages the longest SQS allows. */
function createSecureQueue(scope: Construct, id: string, props: QueueProps): Queue {
  return new Queue(scope, id, { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true, ...props });
}

export class Messaging extends Construct {
  readonly bus: EventBus;
  readonly workQueues: ReadonlyMap<QueueName, WorkQueue>;
  /** Schedules the scheduler could not deliver and job runs that failed after Lambda's retries. */
  readonly jobsDeadLetterQueue: Queue;
  /** Bus events a rule could not deliver and consumer runs that failed after Lambda's retries. */
  readonly eventsDeadLetterQueue: Queue;
  /**
   * Per table-stream worker: where Lambda reports the stream records the worker failed on after its retries (the
   * shard and sequence numbers, not the item, which stays in the table).
   */
  readonly streamDeadLetterQueues: ReadonlyMap<TableStreamWorkerName, Queue>;

  constructor(scope: Construct, id: string, settings: StageSettings) {
    super(scope, id);
    const { stage } = settings;
    this.bus = new EventBus(this, 'Bus', { eventBusName: buildName(stage) });

    const createDeadLetterQueue = (queueId: string, name: string): Queue => {
      const queue = createSecureQueue(this, queueId, {
        queueName: buildName(stage, name, 'dlq'),
        retentionPeriod: Duration.days(14),
      });
      acknowledge(queue, 'AwsSolutions-SQS3', 'This queue is itself a dead-letter queue.');
      return queue;
    };

    this.jobsDeadLetterQueue = createDeadLetterQueue('JobsDeadLetterQueue', 'jobs');
    this.eventsDeadLetterQueue = createDeadLetterQueue('EventsDeadLetterQueue', 'events');

    const workQueues = new Map<QueueName, WorkQueue>();
    for (const definition of queues) {
      const deadLetterQueue = createDeadLetterQueue(`${definition.name}DeadLetterQueue`, definition.name);
      const queue = createSecureQueue(this, `${definition.name}Queue`, {
        queueName: buildName(stage, definition.name),
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      });
      workQueues.set(definition.name, { queue, deadLetterQueue });
    }
    this.workQueues = workQueues;

    this.streamDeadLetterQueues = new Map(
      tableStreamWorkers.map((definition) => [
        definition.name,
        createDeadLetterQueue(`${definition.name}DeadLetterQueue`, definition.name),
      ]),
    );
  }

  /** Every DLQ with a label for its alarm. */
  deadLetterQueues(): { label: string; queue: Queue }[] {
    return [
      { label: 'jobs', queue: this.jobsDeadLetterQueue },
      { label: 'events', queue: this.eventsDeadLetterQueue },
      ...[...this.workQueues].map(([name, work]) => ({ label: name, queue: work.deadLetterQueue })),
      ...[...this.streamDeadLetterQueues].map(([name, queue]) => ({ label: name, queue })),
    ];
  }
}
