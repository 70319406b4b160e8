// Sends per-fan work to an SQS queue. Locally the endpoint points at the local runtime's queue.
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';

export interface WorkQueue {
  /** Sends the messages in batches of ten (SQS's limit); throws when any is refused. */
  sendAll(messages: readonly unknown[]): Promise<void>;
}

export interface WorkQueueConfig {
  region: string;
  queueUrl: string;
  /** The local runtime's emulated endpoint; absent in AWS. */
  endpoint?: string | undefined;
}

const batchSize = 10;

export function createWorkQueue(config: WorkQueueConfig): WorkQueue {
  const client = new SQSClient({
    region: config.region,
    ...(config.endpoint
      ? { endpoint: config.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  return {
    async sendAll(messages) {
      for (let start = 0; start < messages.length; start += batchSize) {
        const batch = messages.slice(start, start + batchSize);
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
      }
    },
  };
}
