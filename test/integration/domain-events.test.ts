// Domain events through the transactional outbox (docs/decisions/014-domain-events.md): an event is written in the
// same transaction as the change that caused it, and the event-publisher puts each on the bus once. The table is
// DynamoDB Local; the bus is the real @aws-sdk/client-eventbridge pointed at a loopback stand-in of EventBridge's
// PutEvents, because EventBridge itself cannot run here.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimReport } from '../../functions/data/claim-reports';
import { testTable } from '../support/test-table';

interface PutEventsEntry {
  Source: string;
  DetailType: string;
  Detail: string;
  EventBusName: string;
}

/** What the stand-in accepted, and the fans whose events it refuses as if EventBridge failed them. */
const accepted: PutEventsEntry[] = [];
const refusedFans = new Set<string>();
let standInUrl = '';
let close: () => Promise<void>;

async function answerEventBridge(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  res.setHeader('content-type', 'application/x-amz-json-1.1');
  if (req.headers['x-amz-target'] !== 'AWSEvents.PutEvents') {
    res.statusCode = 400;
    res.end(JSON.stringify({ __type: 'UnknownOperationException', message: 'Only PutEvents' }));
    return;
  }
  const { Entries } = JSON.parse(raw) as { Entries: PutEventsEntry[] };
  const replies = Entries.map((entry) => {
    const fanId = (JSON.parse(entry.Detail) as { fanId?: string }).fanId ?? '';
    if (refusedFans.has(fanId)) return { ErrorCode: 'InternalFailure', ErrorMessage: 'try again' };
    accepted.push(entry);
    return { EventId: randomUUID() };
  });
  res.end(
    JSON.stringify({
      FailedEntryCount: replies.filter((reply) => 'ErrorCode' in reply).length,
      Entries: replies,
    }),
  );
}

beforeAll(async () => {
  const server = createServer((req, res) => void answerEventBridge(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  standInUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((done) => server.close(() => done()));
});
afterAll(() => close());

async function loadModules() {
  const { createClaimReport, listOpenClaimReports } = await import('../../functions/data/claim-reports');
  const outbox = await import('../../functions/data/outbox');
  const publishing = await import('../../functions/services/outbox-event-publishing');
  const { createEventPublisherWorker } = await import('../../events/workers/event-publisher');
  const { createEventPublisher } = await import('../../functions/integrations/event-bus');
  const { createLogger } = await import('../../functions/runtime/logger');
  const { getClock } = await import('../../functions/runtime/clock');
  const table = testTable();
  const dependencies = {
    table,
    bus: createEventPublisher({ region: 'us-east-1', busName: 'openpie-test', endpoint: standInUrl }),
    log: createLogger('silent'),
    clock: getClock(),
  };
  return {
    table,
    createClaimReport,
    listOpenClaimReports,
    outbox,
    publishing,
    dependencies,
    worker: createEventPublisherWorker(dependencies),
  };
}

function buildReport(fanId: string, artistId: string): ClaimReport {
  return {
    id: randomUUID(),
    fanId,
    target: { kind: 'artist', id: artistId, name: 'Nina Simone' },
    reason: 'Someone else claimed her page.',
    status: 'open',
    createdAt: new Date().toISOString(),
  };
}

/** The outbox events whose detail names the fan (every event a test makes names a fan of its own). */
async function eventsOfFan(fanId: string) {
  const { table, outbox } = await loadModules();
  const events = [];
  for (const id of await outbox.listPendingOutboxEventIds(table, 1000)) {
    const event = await outbox.getOutboxEvent(table, id);
    if (event && (event.detail as { fanId?: string }).fanId === fanId) events.push(event);
  }
  return events;
}

/** The stored outbox item in DynamoDB's typed JSON, as a stream record carries it. */
async function readImage(id: string): Promise<Record<string, unknown>> {
  const { createDynamoClient } = await import('../../functions/runtime/dynamodb-client');
  const client = createDynamoClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
  const { Item } = await client.send(
    new GetItemCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: { S: `OUTBOX#${id}` }, sk: { S: 'OUTBOX' } },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  if (!Item) throw new Error(`The outbox item ${id} is missing`);
  return JSON.parse(JSON.stringify(Item)) as Record<string, unknown>;
}

let sequence = 5000;

/** A stream record as Lambda delivers an INSERT (or another change) of the table's NEW_IMAGE stream. */
function buildRecord(
  image: Record<string, unknown>,
  eventName: 'INSERT' | 'MODIFY' = 'INSERT',
): DynamoDBRecord {
  sequence += 1;
  return {
    eventID: randomUUID(),
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'eu-west-1',
    dynamodb: {
      Keys: { pk: image['pk'], sk: image['sk'] } as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: image as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      SequenceNumber: `${sequence}00000000000000000000`,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

const acceptedFor = (fanId: string) =>
  accepted.filter((entry) => (JSON.parse(entry.Detail) as { fanId?: string }).fanId === fanId);

async function reportAndFindEvent(fanId: string) {
  const { table, createClaimReport } = await loadModules();
  const report = buildReport(fanId, `artist-${randomUUID()}`);
  expect(await createClaimReport(table, report)).toBe('created');
  const [event] = await eventsOfFan(fanId);
  if (!event) throw new Error(`No event for ${fanId}`);
  return { report, event };
}

describe('a domain event is written with the change that caused it', () => {
  it('stores claim.reported in the report’s transaction, and a repeat the guard refuses writes neither', async () => {
    // Prepare
    const { table, createClaimReport, listOpenClaimReports } = await loadModules();
    const fanId = `fan-${randomUUID()}`;
    const artistId = `artist-${randomUUID()}`;
    const first = buildReport(fanId, artistId);
    const repeat = buildReport(fanId, artistId);

    // Act
    const firstOutcome = await createClaimReport(table, first);
    const repeatOutcome = await createClaimReport(table, repeat);
    const events = await eventsOfFan(fanId);
    const reports = (await listOpenClaimReports(table, { limit: 100 })).reports.filter(
      (report) => report.fanId === fanId,
    );

    // Assess: one report and one event, both of the first; nothing of the refused repeat
    expect([firstOutcome, repeatOutcome]).toEqual(['created', 'repeated']);
    expect(reports.map((report) => report.id)).toEqual([first.id]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'claim.reported',
      detail: {
        reportId: first.id,
        fanId,
        target: { kind: 'artist', id: artistId },
        reportedAt: first.createdAt,
      },
      occurredAt: first.createdAt,
      publishedAt: null,
    });
  });
});

describe('the event-publisher worker (EventBridge is a loopback stand-in: it cannot run here)', () => {
  it('puts an event on the bus once, marks it published, and publishes nothing on redelivery', async () => {
    // Prepare
    const { worker, table, outbox } = await loadModules();
    const fanId = `fan-${randomUUID()}`;
    const { report, event } = await reportAndFindEvent(fanId);
    const record = buildRecord(await readImage(event.id));

    // Act
    const first = await worker({ Records: [record] });
    const second = await worker({ Records: [record] });
    const stored = await outbox.getOutboxEvent(table, event.id);

    // Assess
    expect(first.batchItemFailures).toEqual([]);
    expect(second.batchItemFailures).toEqual([]);
    const published = acceptedFor(fanId);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      Source: 'openpie',
      DetailType: 'claim.reported',
      EventBusName: 'openpie-test',
    });
    expect(JSON.parse(published[0]?.Detail ?? '{}')).toEqual({
      reportId: report.id,
      fanId,
      target: { kind: 'artist', id: report.target.id },
      reportedAt: report.createdAt,
      eventId: event.id,
      occurredAt: report.createdAt,
    });
    expect(stored?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await outbox.listPendingOutboxEventIds(table, 1000)).not.toContain(event.id);
  });

  it('reports a refused PutEvents per record, leaves that event pending, and publishes it once the bus is back', async () => {
    // Prepare: two events in one batch; the bus refuses the first one's
    const { worker, table, outbox } = await loadModules();
    const [unlucky, lucky] = [`fan-${randomUUID()}`, `fan-${randomUUID()}`];
    const failing = await reportAndFindEvent(unlucky);
    const passing = await reportAndFindEvent(lucky);
    const failingRecord = buildRecord(await readImage(failing.event.id));
    const passingRecord = buildRecord(await readImage(passing.event.id));
    refusedFans.add(unlucky);

    // Act
    const during = await worker({ Records: [failingRecord, passingRecord] });
    const pendingAfterFailure = await outbox.listPendingOutboxEventIds(table, 1000);
    refusedFans.delete(unlucky);
    const retried = await worker({ Records: [failingRecord] });

    // Assess
    expect(during.batchItemFailures).toEqual([{ itemIdentifier: failingRecord.dynamodb?.SequenceNumber }]);
    expect(pendingAfterFailure).toContain(failing.event.id);
    expect(pendingAfterFailure).not.toContain(passing.event.id);
    expect(acceptedFor(lucky)).toHaveLength(1);
    expect(retried.batchItemFailures).toEqual([]);
    expect(acceptedFor(unlucky)).toHaveLength(1);
    expect((await outbox.getOutboxEvent(table, failing.event.id))?.publishedAt).not.toBeNull();
  });

  it('leaves alone what the stream filter would not let through, and fails a record of an unknown event type', async () => {
    // Prepare: a MODIFY of an event item, a mail-like INSERT, and an event whose type no schema knows
    const { worker } = await loadModules();
    const fanId = `fan-${randomUUID()}`;
    const { event } = await reportAndFindEvent(fanId);
    const image = await readImage(event.id);
    const modify = buildRecord(image, 'MODIFY');
    const notAnEvent = buildRecord({ ...image, entity: { S: 'outbox-mail' } });
    const unknownType = buildRecord({ ...image, type: { S: 'claim.misspelt' } });

    // Act
    const result = await worker({ Records: [modify, notAnEvent, unknownType] });

    // Assess: nothing published; only the unknown type is reported (so it ends in the dead-letter queue)
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: unknownType.dynamodb?.SequenceNumber }]);
    expect(acceptedFor(fanId)).toEqual([]);
  });

  it('publishes the pending events from the outbox index, each once (the local runtime’s path)', async () => {
    // Prepare
    const { publishing, dependencies } = await loadModules();
    const [one, two] = [`fan-${randomUUID()}`, `fan-${randomUUID()}`];
    await reportAndFindEvent(one);
    await reportAndFindEvent(two);

    // Act
    await publishing.publishPendingOutboxEvents(dependencies, 1000);
    const again = await publishing.publishPendingOutboxEvents(dependencies, 1000);

    // Assess
    expect(acceptedFor(one)).toHaveLength(1);
    expect(acceptedFor(two)).toHaveLength(1);
    expect(again.published).toBe(0);
    expect(await eventsOfFan(one)).toEqual([]);
  });
});
