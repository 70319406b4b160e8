// How many messages wait in the work queues' dead-letter queues, where the runtime can tell: the local runtime's queue
// stand-in registers what it holds (local/queue.ts). Deployed functions have no SQS read rights, so in AWS nothing is
// registered: the dead-letter queues there are watched by CloudWatch alarms (infra/alarms.ts), not by the product.
export interface DeadLetterDepth {
  queue: string;
  depth: number;
}

export type DeadLetterGauge = () => DeadLetterDepth[];

let gauge: DeadLetterGauge | null = null;

/** The local runtime's queue stand-in tells how to read its dead letters. */
export function registerDeadLetterGauge(read: DeadLetterGauge): void {
  gauge = read;
}

/** Each queue's dead letters, or null when this runtime cannot know them (in AWS). */
export function readDeadLetterDepths(): DeadLetterDepth[] | null {
  return gauge ? gauge() : null;
}
