// The one table, reached through one document client per cold start.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from './dynamodb-client';
import { perEnv } from './env';

/** The table and its client, as every function of functions/data/ takes it (its `TableRef`). */
export interface TableClient {
  client: DynamoDBDocumentClient;
  name: string;
}

/**
 * One client while the environment stays the same: a Lambda's whole life. A process that starts the local product a
 * second time (`npm run bench` measures the seed, then the load, each on its own DynamoDB Local) gets a client of the
 * new endpoint, where a client kept for the process still called the stopped one.
 */
export const getTable: () => TableClient = perEnv((env) => ({
  client: createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT }),
  name: env.TABLE_NAME,
}));
