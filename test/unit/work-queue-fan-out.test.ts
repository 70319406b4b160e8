// The fan-work queue's sender (functions/integrations/queue.ts), which the scheduled jobs fan their per-fan work out
// with: a month end's thousands of messages go out in SendMessageBatch calls of ten, several calls at once, and still
// every message exactly once. Against a recording SQS endpoint on loopback that answers as SQS does (JSON 1.0), a
// little late, so overlapping calls show: the local runtime's queue stand-in would hand every message to the real
// fan-work worker, which needs a pie for each.
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { batchesInFlight, createWorkQueue } from '../../functions/integrations/queue';

interface Recorded {
  bodies: string[];
  calls: number;
  mostInFlight: number;
}

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** An SQS endpoint that records each batch's messages; `refuse` names message bodies it reports as failed. */
async function startRecordingSqs(refuse: (body: string) => boolean = () => false) {
  const recorded: Recorded = { bodies: [], calls: 0, mostInFlight: 0 };
  let inFlight = 0;
  server = createServer((request, response) => {
    inFlight += 1;
    recorded.calls += 1;
    recorded.mostInFlight = Math.max(recorded.mostInFlight, inFlight);
    void readBody(request).then(async (text) => {
      const input = JSON.parse(text) as { Entries: { Id: string; MessageBody: string }[] };
      // SQS answers in some milliseconds: late enough here that calls sent at once are seen at once.
      await new Promise((resolve) => setTimeout(resolve, 15));
      const failed = input.Entries.filter((entry) => refuse(entry.MessageBody));
      for (const entry of input.Entries)
        if (!refuse(entry.MessageBody)) recorded.bodies.push(entry.MessageBody);
      inFlight -= 1;
      response.setHeader('content-type', 'application/x-amz-json-1.0');
      response.end(
        JSON.stringify({
          Successful: input.Entries.filter((entry) => !refuse(entry.MessageBody)).map((entry) => ({
            Id: entry.Id,
            MessageId: `message-${entry.Id}`,
            MD5OfMessageBody: createHash('md5').update(entry.MessageBody, 'utf8').digest('hex'),
          })),
          Failed: failed.map((entry) => ({
            Id: entry.Id,
            SenderFault: true,
            Code: 'InvalidParameterValue',
            Message: 'refused by the test',
          })),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const queue = createWorkQueue({
    region: 'us-east-1',
    queueUrl: `http://127.0.0.1:${port}/000000000000/fan-work`,
    endpoint: `http://127.0.0.1:${port}/`,
  });
  return { queue, recorded };
}

const fanMessages = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ kind: 'pie-split', fanId: `fan-${index}`, runId: 'run-1' }));

describe('the fan-work queue sender', () => {
  it('sends every fan of a large fan-out exactly once, in batches of ten, several batches at once', async () => {
    // Prepare
    const { queue, recorded } = await startRecordingSqs();
    const messages = fanMessages(1_003);

    // Act
    await queue.sendAll(messages);

    // Assess
    const fans = recorded.bodies.map((body) => (JSON.parse(body) as { fanId: string }).fanId);
    expect(fans).toHaveLength(messages.length);
    expect(new Set(fans)).toEqual(new Set(messages.map((message) => message.fanId)));
    expect(recorded.calls).toBe(101);
    expect(recorded.mostInFlight).toBeGreaterThan(1);
    expect(recorded.mostInFlight).toBeLessThanOrEqual(batchesInFlight);
  });

  it('throws when SQS refuses a message, after the batches in flight have answered', async () => {
    // Prepare
    const { queue, recorded } = await startRecordingSqs((body) => body.includes('"fan-42"'));

    // Act
    const sent = queue.sendAll(fanMessages(300));

    // Assess
    await expect(sent).rejects.toThrow('SQS refused 1 message(s): refused by the test');
    const callsWhenThrown = recorded.calls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // It stopped at the refusal (30 batches were to go) and left nothing running behind it.
    expect(callsWhenThrown).toBeLessThan(30);
    expect(recorded.calls).toBe(callsWhenThrown);
  });
});
