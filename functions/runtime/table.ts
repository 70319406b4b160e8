// The one table, reached through one document client per cold start.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from './dynamodb-client';
import { getEnv } from './env';

/** The table and its client, as every function of functions/data/ takes it (its `TableRef`). */
export interface TableClient {
  client: DynamoDBDocumentClient;
  name: string;
}

let table: { endpoint: string | undefined; region: string; value: TableClient } | undefined;

/**
 * One client for the process (a Lambda's whole life), with whatever middleware was added to it (the simulation's
 * faults and its audit log). A process that starts the local product again on another DynamoDB Local (`npm run bench`
 * measures the seed, then the load) gets a client of the new endpoint: the one kept still called the stopped one.
 */
export function getTable(): TableClient {
  const env = getEnv();
  if (table === undefined || table.endpoint !== env.DYNAMODB_ENDPOINT || table.region !== env.AWS_REGION) {
    table = {
      endpoint: env.DYNAMODB_ENDPOINT,
      region: env.AWS_REGION,
      value: {
        client: createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT }),
        name: env.TABLE_NAME,
      },
    };
  }
  return table.value;
}
