// Runs in every integration test file before its tests: a table of its own in the shared DynamoDB Local, named in
// TABLE_NAME and DYNAMODB_ENDPOINT the way the handlers read their configuration, and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import { createDocumentClient } from '../../functions/runtime/dynamodb-client';
import { createLocalDynamoDbClient, LOCAL_REGION } from '../../local/dynamodb-local';
import { deleteTable, ensureTable } from '../../local/table';
import { auditLedger } from './ledger-audit';

const endpoint = inject('dynamodbEndpoint');
const tableName = `openpie-test-${randomBytes(6).toString('hex')}`;
const client = createLocalDynamoDbClient(endpoint);

await ensureTable(client, tableName);
process.env.DYNAMODB_ENDPOINT = endpoint;
process.env.TABLE_NAME = tableName;

afterAll(async () => {
  // Whatever money this file's tests moved, the ledger they left must balance.
  const documents = createDocumentClient({ region: LOCAL_REGION, endpoint });
  try {
    const audit = await auditLedger({ client: documents, name: tableName });
    expect(audit.problems, `the ledger this file left in ${tableName}`).toEqual([]);
  } finally {
    documents.destroy();
  }
  await deleteTable(client, tableName);
  client.destroy();
});
