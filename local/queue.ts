// The local stand-in for SQS and its Lambda event source: messages sent to a queue of events/definitions.ts are
// handed to its worker as an SQS batch event; a message the worker reports as failed is retried until its
// maxReceiveCount, then moved to the queue's dead-letter list, as the stack's redrive policy does. At most the
// queue's maxConcurrency worker calls run at once, as the event source's maximum concurrency allows in AWS.
import { createHash, randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { QueueDefinition } from '../events/definitions';
import { queues } from '../events/definitions';
import { getClock } from '../functions/runtime/clock';
import { registerDeadLetterGauge } from '../functions/runtime/dead-letters';
import { importEntry } from './entry-modules';

type Worker = (event: SQSEvent) => Promise<SQSBatchResponse>;

export interface LocalMessage {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
}

const deadLetters = new Map<string, LocalMessage[]>();
const inFlight = new Set<Promise<void>>();
/** Per queue: worker calls running now, and the deliveries waiting for one to end. */
const running = new Map<string, number>();
const waiting = new Map<string, (() => void)[]>();

/** Delay between receives of a failed message: short, so local runs and tests settle quickly. */
const retryDelayMs = 50;

/**
 * How deliveries wait: a message is delivered once the send that raised it has been answered, a failed one again
 * after retryDelayMs. The simulation waits its own way (its turn in its one line), never on real time.
 */
export interface QueueWaits {
  beforeDelivery(): Promise<void>;
  beforeRetry(): Promise<void>;
}

const realTimeWaits: QueueWaits = {
  beforeDelivery: () => new Promise((resolve) => setImmediate(resolve)),
  beforeRetry: () => new Promise((resolve) => setTimeout(resolve, retryDelayMs)),
};
let waits: QueueWaits = realTimeWaits;

/** Replaces how deliveries wait (the simulation's); without an argument, the real-time waits again. */
export function setQueueWaits(replacement: QueueWaits = realTimeWaits): void {
  waits = replacement;
}

export function findQueue(name: string): QueueDefinition | undefined {
  return (queues as readonly QueueDefinition[]).find((queue) => queue.name === name);
}

/** The queue name at the end of a queue URL (`…/000000000000/<name>`). */
export function queueNameOf(queueUrl: string): string {
  return queueUrl.split('/').filter(Boolean).pop() ?? '';
}

export function md5Of(body: string): string {
  return createHash('md5').update(body, 'utf8').digest('hex');
}

export function deadLettersOf(queueName: string): readonly LocalMessage[] {
  return deadLetters.get(queueName) ?? [];
}

// Staff's health figure reads the dead letters held here (functions/runtime/dead-letters.ts): local-only.
registerDeadLetterGauge(() =>
  (queues as readonly QueueDefinition[]).map((queue) => ({
    queue: queue.name,
    depth: deadLettersOf(queue.name).length,
  })),
);

/** Resolves when no message is being delivered or waiting for a retry. */
export async function settleQueues(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

/** Accepts a message for delivery to the queue's worker; returns its id at once, as SQS does. */
export function enqueue(queue: QueueDefinition, body: string): string {
  const message: LocalMessage = {
    messageId: randomUUID(),
    body,
    receiveCount: 0,
    sentAt: getClock().now().getTime(),
  };
  track(deliver(queue, message));
  return message.messageId;
}

function track(work: Promise<void>): void {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

/** Waits for a free worker slot of the queue (its maxConcurrency). */
async function takeSlot(queue: QueueDefinition): Promise<void> {
  while ((running.get(queue.name) ?? 0) >= queue.maxConcurrency) {
    await new Promise<void>((resolve) =>
      waiting.set(queue.name, [...(waiting.get(queue.name) ?? []), resolve]),
    );
  }
  running.set(queue.name, (running.get(queue.name) ?? 0) + 1);
}

function releaseSlot(queue: QueueDefinition): void {
  running.set(queue.name, (running.get(queue.name) ?? 1) - 1);
  const [next, ...rest] = waiting.get(queue.name) ?? [];
  waiting.set(queue.name, rest);
  next?.();
}

async function deliver(queue: QueueDefinition, message: LocalMessage): Promise<void> {
  await waits.beforeDelivery();
  await takeSlot(queue);
  message.receiveCount += 1;
  let failed: boolean;
  try {
    const worker = (await importEntry<{ handler: Worker }>(queue.entry)).handler;
    const reply = await worker({ Records: [toRecord(queue, message)] });
    failed = reply.batchItemFailures.some((failure) => failure.itemIdentifier === message.messageId);
  } catch (error) {
    console.error(`Queue ${queue.name}: the worker threw`, error);
    failed = true;
  } finally {
    releaseSlot(queue);
  }
  if (!failed) return;
  if (message.receiveCount >= queue.maxReceiveCount) {
    deadLetters.set(queue.name, [...deadLettersOf(queue.name), message]);
    console.error(`Queue ${queue.name}: message ${message.messageId} moved to the dead-letter queue`);
    return;
  }
  await waits.beforeRetry();
  track(deliver(queue, message));
}

function toRecord(queue: QueueDefinition, message: LocalMessage): SQSRecord {
  return {
    messageId: message.messageId,
    receiptHandle: `${message.messageId}#${message.receiveCount}`,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: String(message.sentAt),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(message.sentAt),
    },
    messageAttributes: {},
    md5OfBody: md5Of(message.body),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${queue.name}`,
    awsRegion: 'us-east-1',
  };
}
