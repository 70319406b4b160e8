// AWS APIs the product calls, emulated on the local server so production code runs unchanged with only an
// endpoint URL configured: EventBridge PutEvents (JSON 1.1 protocol) → the local bus.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as z from 'zod/mini';
import { readRequestBody } from './api-gateway';
import { deliver } from './event-bus';

const putEventsSchema = z.object({
  Entries: z.array(
    z.object({
      Source: z.string(),
      DetailType: z.string(),
      Detail: z.string(),
      EventBusName: z.optional(z.string()),
      Time: z.optional(z.union([z.number(), z.string()])),
    }),
  ),
});

/** Deliveries still running, so tests and shutdown can wait for them. */
const pending = new Set<Promise<unknown>>();

export async function settleDeliveries(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

export async function serveAwsEmulation(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const target = String(req.headers['x-amz-target'] ?? '');
  if (url.pathname.startsWith('/_aws/events') && target === 'AWSEvents.PutEvents') {
    const parsed = putEventsSchema.safeParse(
      JSON.parse((await readRequestBody(req)).toString('utf8') || '{}'),
    );
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
    res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify({ FailedEntryCount: 0, Entries: ids.map((id) => ({ EventId: id })) }));
    return;
  }
  return awsError(
    res,
    'UnknownOperationException',
    `The local runtime does not emulate ${target || url.pathname}`,
  );
}

function awsError(res: ServerResponse, type: string, message: string): void {
  res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify({ __type: type, message }));
}
