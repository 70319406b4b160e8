// Runs in every integration test file before its tests: a table of its own in the shared DynamoDB Local, named in
// TABLE_NAME and DYNAMODB_ENDPOINT the way the handlers read their configuration, and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { createLocalDynamoDbClient } from '../../local/dynamodb-local';
import { deleteTable, ensureTable } from '../../local/table';

const endpoint = inject('dynamodbEndpoint');
const tableName = `openpie-test-${randomBytes(6).toString('hex')}`;
const client = createLocalDynamoDbClient(endpoint);

await ensureTable(client, tableName);
process.env.DYNAMODB_ENDPOINT = endpoint;
process.env.TABLE_NAME = tableName;

afterAll(async () => {
  await deleteTable(client, tableName);
  client.destroy();
});
