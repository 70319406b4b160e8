// AWS APIs the product calls, emulated on the local server so production code runs unchanged with only an
// endpoint URL configured: EventBridge PutEvents (JSON 1.1) → the local bus; SQS SendMessage and
// SendMessageBatch (JSON 1.0) → the local queues.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import { readRequestBody } from './api-gateway';
import { deliver } from './event-bus';
import { enqueue, findQueue, md5Of, queueNameOf } from './queue';

const putEventsSchema = z.object({
  Entries: z.array(
    z.object({
      Source: z.string(),
      DetailType: z.string(),
      Detail: z.string(),
      EventBusName: z.optional(z.string()),
    }),
  ),
});

const sendMessageSchema = z.object({ QueueUrl: z.string(), MessageBody: z.string() });
const sendMessageBatchSchema = z.object({
  QueueUrl: z.string(),
  Entries: z.array(z.object({ Id: z.string(), MessageBody: z.string() })),
});

/** Event deliveries still running, so tests and shutdown can wait for them. */
const pending = new Set<Promise<unknown>>();

export async function settleDeliveries(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/** True when a request is an AWS API call the local runtime emulates (AWS SDKs post to `/` with a target). */
export function isAwsApiCall(req: IncomingMessage): boolean {
  const target = String(req.headers['x-amz-target'] ?? '');
  return target.startsWith('AWSEvents.') || target.startsWith('AmazonSQS.');
}

export async function serveAwsEmulation(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = String(req.headers['x-amz-target'] ?? '');
  let input: unknown;
  try {
    input = JSON.parse((await readRequestBody(req)).toString('utf8') || '{}');
  } catch {
    return awsError(res, 'SerializationException', 'The request body is not JSON');
  }
  switch (target) {
    case 'AWSEvents.PutEvents':
      return putEvents(res, input);
    case 'AmazonSQS.SendMessage':
      return sendMessage(res, input);
    case 'AmazonSQS.SendMessageBatch':
      return sendMessageBatch(res, input);
    default:
      return awsError(
        res,
        'UnknownOperationException',
        `The local runtime does not emulate ${target || 'this call'}`,
      );
  }
}

function putEvents(res: ServerResponse, input: unknown): void {
  const parsed = putEventsSchema.safeParse(input);
  if (!parsed.success) return awsError(res, 'ValidationException', 'Malformed PutEvents request');
  const ids = parsed.data.Entries.map((entry) => {
    const id = randomUUID();
    const delivery = deliver(
      { source: entry.Source, detailType: entry.DetailType, detail: JSON.parse(entry.Detail) as unknown },
      (rule, error) => console.error(`Event rule ${rule} failed`, error),
      id,
    );
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
    return id;
  });
  reply(res, { FailedEntryCount: 0, Entries: ids.map((id) => ({ EventId: id })) });
}

function sendMessage(res: ServerResponse, input: unknown): void {
  const parsed = sendMessageSchema.safeParse(input);
  if (!parsed.success) return awsError(res, 'InvalidParameterValue', 'Malformed SendMessage request');
  const queue = findQueue(queueNameOf(parsed.data.QueueUrl));
  if (!queue) return awsError(res, 'AWS.SimpleQueueService.NonExistentQueue', 'The queue does not exist');
  const messageId = enqueue(queue, parsed.data.MessageBody);
  reply(res, { MessageId: messageId, MD5OfMessageBody: md5Of(parsed.data.MessageBody) });
}

function sendMessageBatch(res: ServerResponse, input: unknown): void {
  const parsed = sendMessageBatchSchema.safeParse(input);
  if (!parsed.success) return awsError(res, 'InvalidParameterValue', 'Malformed SendMessageBatch request');
  const queue = findQueue(queueNameOf(parsed.data.QueueUrl));
  if (!queue) return awsError(res, 'AWS.SimpleQueueService.NonExistentQueue', 'The queue does not exist');
  if (parsed.data.Entries.length > 10) {
    return awsError(res, 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest', 'At most 10 entries');
  }
  const successful = parsed.data.Entries.map((entry) => ({
    Id: entry.Id,
    MessageId: enqueue(queue, entry.MessageBody),
    MD5OfMessageBody: md5Of(entry.MessageBody),
  }));
  reply(res, { Successful: successful, Failed: [] });
}

function reply(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
  res.end(JSON.stringify(body));
}

function awsError(res: ServerResponse, type: string, message: string): void {
  res.writeHead(400, {
    'content-type': 'application/x-amz-json-1.0',
    'x-amzn-query-error': `${type};Sender`,
  });
  res.end(JSON.stringify({ __type: type, message }));
}
