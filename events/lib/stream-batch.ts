// What every worker of the table's stream shares (events/definitions.ts `tableStreamWorkers`): each record read as a
// change of the table and handled alone, failures reported per record, so Lambda retries from the first failed one
// (bisecting the batch) and, once the retries are spent, leaves a pointer in the worker's dead-letter queue.
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import { getEnv } from '../../functions/runtime/env';
import type { Logger } from '../../functions/runtime/logger';
import { createLogger } from '../../functions/runtime/logger';
import type { TableChange } from '../../functions/services/outbox-stream';

const streamRecordSchema = z.object({
  eventName: z.enum(['INSERT', 'MODIFY', 'REMOVE']),
  dynamodb: z.object({
    SequenceNumber: z.string().check(z.minLength(1)),
    NewImage: z.optional(z.record(z.string(), z.unknown())),
  }),
});

export type StreamBatchHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

export interface StreamBatchOptions<Outcome extends string> {
  log: Logger;
  /** What the worker handles, for its log lines ("event", "mail"). */
  subject: string;
  /** Every outcome, so the batch's log line counts each (zeros included). */
  outcomes: readonly Outcome[];
  handle: (change: TableChange) => Promise<Outcome>;
}

export function createStreamBatchHandler<Outcome extends string>({
  log,
  subject,
  outcomes,
  handle,
}: StreamBatchOptions<Outcome>): StreamBatchHandler {
  async function handleRecord(raw: DynamoDBRecord): Promise<Outcome> {
    const record = streamRecordSchema.parse(raw);
    return handle({ eventName: record.eventName, newImage: record.dynamodb.NewImage });
  }

  return async (event) => {
    const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
    const counts = Object.fromEntries(outcomes.map((outcome) => [outcome, 0])) as Record<Outcome, number>;
    for (const record of event.Records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      // Without its sequence number a record cannot be reported alone, so the whole batch fails and is bisected.
      if (!sequenceNumber) throw new Error('A stream record without a sequence number');
      try {
        counts[await handleRecord(record)] += 1;
      } catch (error) {
        log.error(`${subject} not handled`, { sequenceNumber, error });
        failures.push({ itemIdentifier: sequenceNumber });
      }
    }
    log.info(`${subject} batch done`, { records: event.Records.length, failed: failures.length, counts });
    return { batchItemFailures: failures };
  };
}

/** A worker's Lambda handler: `build` runs once, at the first batch, with the worker's logger. */
export function createStreamWorkerHandler(
  worker: string,
  build: (log: Logger) => StreamBatchHandler,
): StreamBatchHandler {
  let handleBatch: StreamBatchHandler | undefined;
  return async (event) => {
    handleBatch ??= build(createLogger(getEnv().LOG_LEVEL, { worker }));
    return handleBatch(event);
  };
}
