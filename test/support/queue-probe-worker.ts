// A queue worker for the local queue's tests: it holds each message a little while and records how many of its calls
// ran at once, so a test can see the queue's maximum concurrency honoured.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

export const probe = { running: 0, mostAtOnce: 0, handled: 0 };

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  probe.running += 1;
  probe.mostAtOnce = Math.max(probe.mostAtOnce, probe.running);
  await new Promise((resolve) => setTimeout(resolve, 20));
  probe.handled += event.Records.length;
  probe.running -= 1;
  return { batchItemFailures: [] };
}
