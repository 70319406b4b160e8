import { describe, expect, it } from 'vitest';
import { tableStreamWorkers } from '../../events/definitions';
import { outboxMailEntity } from '../../functions/data/outbox';
import { tableDefinition } from '../../functions/data/table-definition';
import { envSchema } from '../../functions/runtime/env';
import { findSenderIdentities } from '../../infra/openpie-stack';
import { buildName } from '../../infra/stage';
import {
  findFunction,
  listActions,
  listOpenPieFunctions,
  listResources,
  listServiceStatements,
  listStatements,
  readReferencedId,
  readVariables,
  synthesize,
} from './synth';

// Mail in AWS is a transactional outbox: requests write outbox items, the table's stream carries each new one to
// the mail-sender worker, and that worker alone may send mail (EMAIL_FROM, ses:SendEmail on the sender identity).

const resources = synthesize('dev', { emailFrom: 'OpenPie <hello@mail.openpie.example>' });
const mailSender = tableStreamWorkers.find((worker) => worker.name === 'mail-sender');

describe('the table stream', () => {
  it('is on, with new images, as the table definition says', () => {
    const [, table] = listResources(resources, 'AWS::DynamoDB::Table')[0] ?? [];
    expect(tableDefinition.stream).toBe('NEW_IMAGE');
    expect(table?.Properties?.['StreamSpecification']).toEqual({ StreamViewType: tableDefinition.stream });
  });

  it('feeds the mail-sender only INSERTs of outbox mail, in batches, with retries, bisection and a DLQ', () => {
    // Prepare
    const [tableId] = listResources(resources, 'AWS::DynamoDB::Table')[0] ?? [];
    const [workerId] = findFunction(resources, 'dev', 'worker-mail-sender');
    const [dlqId, dlq] =
      listResources(resources, 'AWS::SQS::Queue').find(
        ([, queue]) => queue.Properties?.['QueueName'] === buildName('dev', 'mail-sender', 'dlq'),
      ) ?? [];

    // Act: the stream's mappings that invoke the mail-sender (other stream workers have their own)
    const mappings = listResources(resources, 'AWS::Lambda::EventSourceMapping').filter(
      ([, mapping]) =>
        JSON.stringify(mapping.Properties?.['EventSourceArn']).includes('StreamArn') &&
        readReferencedId(mapping.Properties?.['FunctionName']) === workerId,
    );

    // Assess
    expect(mailSender?.insertsOf).toBe(outboxMailEntity);
    expect(mappings).toHaveLength(1);
    const props = mappings[0]?.[1].Properties ?? {};
    expect(props['EventSourceArn']).toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    expect(readReferencedId(props['FunctionName'])).toBe(workerId);
    expect(props).toMatchObject({
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: mailSender?.retryAttempts,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      StartingPosition: 'TRIM_HORIZON',
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [dlqId, 'Arn'] } } },
    });
    expect(mailSender?.retryAttempts).toBeGreaterThan(0);
    expect(mailSender?.retryAttempts).toBeLessThanOrEqual(5);
    const filters = (props['FilterCriteria'] as { Filters: { Pattern: string }[] }).Filters;
    expect(filters.map((filter) => JSON.parse(filter.Pattern) as unknown)).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { entity: { S: [outboxMailEntity] } } } },
    ]);
    expect(dlq?.Properties).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1209600 });
    expect(listActions(listStatements(resources, workerId))).toContain('sqs:SendMessage');
  });

  it('pages staff when the mail-sender gives up on a record (an alarm on its DLQ)', () => {
    const [dlqId] =
      listResources(resources, 'AWS::SQS::Queue').find(
        ([, queue]) => queue.Properties?.['QueueName'] === buildName('dev', 'mail-sender', 'dlq'),
      ) ?? [];
    const alarms = listResources(resources, 'AWS::CloudWatch::Alarm').filter(
      ([, alarm]) =>
        alarm.Properties?.['MetricName'] === 'ApproximateNumberOfMessagesVisible' &&
        JSON.stringify(alarm.Properties['Dimensions']).includes(String(dlqId)),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.[1].Properties).toMatchObject({
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });
});

describe('who may send mail', () => {
  it('gives the mail-sender EMAIL_FROM, ses:SendEmail on the sender identities, and only get/update on the table', () => {
    const [id, fn] = findFunction(resources, 'dev', 'worker-mail-sender');
    const variables = readVariables(fn);
    expect(variables['EMAIL_FROM']).toBe('OpenPie <hello@mail.openpie.example>');
    expect(envSchema.shape.EMAIL_FROM.safeParse(variables['EMAIL_FROM']).success).toBe(true);
    const statements = listServiceStatements(resources, id, 'ses');
    expect(statements).toHaveLength(1);
    expect(statements[0]?.Action).toBe('ses:SendEmail');
    const arns = JSON.stringify(statements[0]?.Resource);
    expect(arns).toContain(':identity/mail.openpie.example');
    expect(arns).toContain(':identity/hello@mail.openpie.example');
    expect(arns).not.toContain('*');
    const tableActions = listActions(listStatements(resources, id)).filter(
      (action) =>
        action.startsWith('dynamodb:') &&
        ![
          'dynamodb:DescribeStream',
          'dynamodb:GetRecords',
          'dynamodb:GetShardIterator',
          'dynamodb:ListStreams',
        ].includes(action),
    );
    expect(tableActions.sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
  });

  it('gives no other function EMAIL_FROM or any ses: action, fan-auth and artist-auth included', () => {
    const others = listOpenPieFunctions(resources, 'dev').filter(
      ([, fn]) => fn.Properties?.['FunctionName'] !== buildName('dev', 'worker-mail-sender'),
    );
    expect(others.map(([, fn]) => fn.Properties?.['FunctionName'])).toEqual(
      expect.arrayContaining([buildName('dev', 'fan-auth'), buildName('dev', 'artist-auth')]),
    );
    for (const [id, fn] of others) {
      const name = String(fn.Properties?.['FunctionName']);
      expect(readVariables(fn), name).not.toHaveProperty('EMAIL_FROM');
      expect(listServiceStatements(resources, id, 'ses'), name).toEqual([]);
    }
  });

  it('reads the address and domain of a sender', () => {
    expect(findSenderIdentities('OpenPie <no-reply@openpie.example>')).toEqual({
      address: 'no-reply@openpie.example',
      domain: 'openpie.example',
    });
    expect(findSenderIdentities('plain@example.com')).toEqual({
      address: 'plain@example.com',
      domain: 'example.com',
    });
    expect(() => findSenderIdentities('nobody')).toThrow(/has no address/);
  });
});
