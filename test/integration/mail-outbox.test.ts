// The transactional outbox: requests queue mail in the same transaction as the change it tells about, and the
// mail-sender worker, fed with DynamoDB stream events built from outbox items that real registrations wrote to
// DynamoDB Local, sends it. It sends through the real @aws-sdk/client-sesv2,
// pointed (AWS_ENDPOINT_URL_SESV2) at a loopback stand-in of SES's v2 REST API, because SES itself cannot run here.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerFan, strongPassword, uniqueEmail } from '../support/identity';
import { testTable } from '../support/test-table';

const emailFrom = 'OpenPie <no-reply@openpie.example>';

interface SentEmail {
  FromEmailAddress: string;
  Destination: { ToAddresses: string[] };
  Content: {
    Simple: {
      Subject: { Data: string };
      Body: { Text: { Data: string }; Html: { Data: string } };
    };
  };
  EmailTags: { Name: string; Value: string }[];
}

/** What the stand-in accepted, and the recipients it refuses as if SES were down for them. */
const accepted: SentEmail[] = [];
const refusedRecipients = new Set<string>();
let refusedCalls = 0;
let close: () => Promise<void>;

async function answerSes(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  res.setHeader('content-type', 'application/json');
  if (req.method !== 'POST' || req.url !== '/v2/email/outbound-emails') {
    res.statusCode = 404;
    res.setHeader('x-amzn-errortype', 'NotFoundException');
    res.end(JSON.stringify({ message: `No operation at ${req.method} ${req.url}` }));
    return;
  }
  const email = JSON.parse(raw) as SentEmail;
  if (email.Destination.ToAddresses.some((address) => refusedRecipients.has(address))) {
    refusedCalls += 1;
    res.statusCode = 503;
    res.setHeader('x-amzn-errortype', 'ServiceUnavailableException');
    res.end(JSON.stringify({ message: 'Service unavailable' }));
    return;
  }
  accepted.push(email);
  res.end(JSON.stringify({ MessageId: randomUUID() }));
}

beforeAll(async () => {
  const server = createServer((req, res) => void answerSes(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  // The worker's SES client reads its endpoint and credentials from the environment, as any SDK client would.
  process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_ACCESS_KEY_ID = 'stand-in';
  process.env.AWS_SECRET_ACCESS_KEY = 'stand-in';
  process.env.EMAIL_FROM = emailFrom;
  close = () => new Promise((done) => server.close(() => done()));
});
afterAll(() => close());

const fanAuth = async () => (await import('../../functions/handlers/fan-auth')).handler;
const mailSender = async () => (await import('../../events/workers/mail-sender')).handler;

/** The outbox item queued for an address, as its id and in DynamoDB's typed JSON (what a stream record carries). */
async function readQueuedItem(to: string) {
  const { listOutboxMail } = await import('../../functions/data/outbox');
  const { createDynamoClient } = await import('../../functions/runtime/dynamodb-client');
  const mail = (await listOutboxMail(testTable())).find((entry) => entry.to === to);
  if (!mail) throw new Error(`No mail to ${to} in the outbox`);
  const client = createDynamoClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
  const { Item } = await client.send(
    new GetItemCommand({
      TableName: process.env.TABLE_NAME,
      Key: { pk: { S: `OUTBOX#${mail.id}` }, sk: { S: 'OUTBOX' } },
      ConsistentRead: true,
    }),
  );
  client.destroy();
  if (!Item) throw new Error(`The outbox item ${mail.id} is missing`);
  return { id: mail.id, image: JSON.parse(JSON.stringify(Item)) as Record<string, unknown> };
}

let sequence = 1000;

/** A stream record as Lambda delivers an INSERT of the table's NEW_IMAGE stream. */
function buildInsertRecord(image: Record<string, unknown>): DynamoDBRecord {
  sequence += 1;
  return {
    eventID: randomUUID(),
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'eu-west-1',
    eventSourceARN: `arn:aws:dynamodb:eu-west-1:123456789012:table/${process.env.TABLE_NAME}/stream/2026-01-01T00:00:00.000`,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: { pk: image['pk'], sk: image['sk'] } as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: image as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      SequenceNumber: `${sequence}00000000000000000000`,
      SizeBytes: JSON.stringify(image).length,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

async function readSentAt(id: string): Promise<string | null> {
  const { getOutboxMail } = await import('../../functions/data/outbox');
  return (await getOutboxMail(testTable(), id))?.sentAt ?? null;
}

const sentTo = (address: string) =>
  accepted.filter((email) => email.Destination.ToAddresses.includes(address));

describe('queueing mail', () => {
  it('queues nothing for a registration the e-mail guard refuses: account, link and mail are one transaction', async () => {
    // Prepare
    const email = uniqueEmail('twice');
    await registerFan(email);
    const { listOutboxMail } = await import('../../functions/data/outbox');
    const countMail = async () =>
      (await listOutboxMail(testTable(), 500)).filter((entry) => entry.to === email).length;
    const before = await countMail();

    // Act
    const again = await call(await fanAuth(), 'POST', '/api/auth/register', {
      body: {
        email,
        first_name: 'Other',
        last_name: 'Person',
        password: strongPassword,
        accepted_terms_and_conditions: true,
        recaptchaToken: 'local',
      },
    });

    // Assess
    expect(again.statusCode).toBe(409);
    expect(before).toBe(1);
    expect(await countMail()).toBe(1);
  });
});

describe('the mail-sender worker (SES v2 is a loopback stand-in: SES cannot run here)', () => {
  it('sends a registration’s queued mail through SES once, marks it sent, and sends nothing on redelivery', async () => {
    // Prepare: a real registration queues its verification mail in the outbox
    const email = uniqueEmail('outbox');
    await registerFan(email);
    const queued = await readQueuedItem(email);
    const event: DynamoDBStreamEvent = { Records: [buildInsertRecord(queued.image)] };
    const handler = await mailSender();

    // Act
    const first = await handler(event);
    const sentAt = await readSentAt(queued.id);
    const second = await handler(event);

    // Assess: one SendEmail from EMAIL_FROM with the queued mail, marked sent; the redelivery sent nothing
    expect(first.batchItemFailures).toEqual([]);
    expect(second.batchItemFailures).toEqual([]);
    const sent = sentTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      FromEmailAddress: emailFrom,
      Destination: { ToAddresses: [email] },
      EmailTags: [{ Name: 'kind', Value: 'verify-email' }],
    });
    expect(sent[0]?.Content.Simple.Subject.Data).toBe((queued.image['subject'] as { S: string }).S);
    expect(sent[0]?.Content.Simple.Body.Text.Data).toContain('/auth/fans/verify-email/');
    expect(sent[0]?.Content.Simple.Body.Html.Data).toBe((queued.image['html'] as { S: string }).S);
    expect(sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await readSentAt(queued.id)).toBe(sentAt);
  });

  it('never sends to an address under the reserved .invalid domain, and marks such mail done', async () => {
    // Prepare: mail queued for an account whose address is a placeholder (no e-mail given by the provider)
    const email = `${randomUUID()}@no-email.openpie.invalid`;
    await registerFan(email);
    const queued = await readQueuedItem(email);
    const handler = await mailSender();
    // Act
    const reply = await handler({ Records: [buildInsertRecord(queued.image)] });
    // Assess
    expect(reply.batchItemFailures).toEqual([]);
    expect(sentTo(email)).toEqual([]);
    expect(await readSentAt(queued.id)).toMatch(/^\d{4}-/);
  });

  it('reports a failing SES call as a batch item failure, leaves that mail unsent, and sends it once SES is back', async () => {
    // Prepare: two queued mails in one batch; SES refuses the first one's recipient
    const unlucky = uniqueEmail('ses-down');
    const lucky = uniqueEmail('ses-up');
    await registerFan(unlucky);
    await registerFan(lucky);
    const failing = await readQueuedItem(unlucky);
    const passing = await readQueuedItem(lucky);
    const failingRecord = buildInsertRecord(failing.image);
    const event: DynamoDBStreamEvent = { Records: [failingRecord, buildInsertRecord(passing.image)] };
    refusedRecipients.add(unlucky);
    const handler = await mailSender();

    // Act
    const during = await handler(event);
    const unsentAfterFailure = await readSentAt(failing.id);
    refusedRecipients.delete(unlucky);
    const retried = await handler({ Records: [failingRecord] });

    // Assess: only the refused record was reported; it stayed unsent until the retry sent it, once
    expect(refusedCalls).toBeGreaterThan(0);
    expect(during.batchItemFailures).toEqual([{ itemIdentifier: failingRecord.dynamodb?.SequenceNumber }]);
    expect(unsentAfterFailure).toBeNull();
    expect(sentTo(lucky)).toHaveLength(1);
    expect(await readSentAt(passing.id)).not.toBeNull();
    expect(retried.batchItemFailures).toEqual([]);
    expect(sentTo(unlucky)).toHaveLength(1);
    expect(await readSentAt(failing.id)).not.toBeNull();
  });

  it('leaves alone what the stream filter would not let through, and fails a record that is no mail', async () => {
    // Prepare: a MODIFY of an outbox item, and an INSERT whose image claims to be mail but is not
    const email = uniqueEmail('not-mine');
    await registerFan(email);
    const queued = await readQueuedItem(email);
    const modify = { ...buildInsertRecord(queued.image), eventName: 'MODIFY' as const };
    const broken = buildInsertRecord({ ...queued.image, kind: { S: 'spam' } });
    const handler = await mailSender();

    // Act
    const result = await handler({ Records: [modify, broken] });

    // Assess: nothing sent, nothing marked; only the malformed mail is reported (so it ends in the dead-letter queue)
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: broken.dynamodb?.SequenceNumber }]);
    expect(sentTo(email)).toEqual([]);
    expect(await readSentAt(queued.id)).toBeNull();
  });
});
