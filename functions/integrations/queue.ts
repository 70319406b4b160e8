// Sends per-fan work to an SQS queue. Locally the endpoint points at the local runtime's queue.
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';

export interface WorkQueue {
  /**
   * Sends the messages in batches of ten (SQS's limit), up to ten batches at once; throws when any is refused
   * (after the batches already in flight have answered, and without starting more).
   */
  sendAll(messages: readonly unknown[]): Promise<void>;
}

export interface WorkQueueConfig {
  region: string;
  queueUrl: string;
  /** The local runtime's emulated endpoint; absent in AWS. */
  endpoint?: string | undefined;
}

const batchSize = 10;
/**
 * SendMessageBatch calls in flight at once: a page of 100 pies goes out in one round trip instead of ten, so a month
 * end of a million pies fans out in minutes, inside the job's 900 s (docs/scale.md, "Split fan-out").
 */
export const batchesInFlight = 10;

export function createWorkQueue(config: WorkQueueConfig): WorkQueue {
  const client = new SQSClient({
    region: config.region,
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  const sendBatch = async (batch: readonly unknown[]) => {
    const reply = await client.send(
      new SendMessageBatchCommand({
        QueueUrl: config.queueUrl,
        Entries: batch.map((message, index) => ({
          Id: String(index),
          MessageBody: JSON.stringify(message),
        })),
      }),
    );
    if (reply.Failed && reply.Failed.length > 0) {
      throw new Error(
        `SQS refused ${reply.Failed.length} message(s): ${reply.Failed[0]?.Message ?? 'unknown'}`,
      );
    }
  };
  return {
    async sendAll(messages) {
      const batches: unknown[][] = [];
      for (let start = 0; start < messages.length; start += batchSize)
        batches.push(messages.slice(start, start + batchSize));
      let next = 0;
      let failure: { error: unknown } | undefined;
      // A few senders take the batches in order; after a refusal none starts another.
      await Promise.all(
        Array.from({ length: Math.min(batchesInFlight, batches.length) }, async () => {
          for (let index = next++; index < batches.length && !failure; index = next++) {
            try {
              await sendBatch(batches[index] ?? []);
            } catch (error) {
              failure ??= { error };
            }
          }
        }),
      );
      if (failure) throw failure.error;
    },
  };
}
