// The one table, reached through one document client per cold start.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from './dynamodb-client';
import { getEnv } from './env';

/** The table and its client, as every function of functions/data/ takes it (its `TableRef`). */
export interface TableClient {
  client: DynamoDBDocumentClient;
  name: string;
}

let table: TableClient | undefined;

export function getTable(): TableClient {
  if (!table) {
    const env = getEnv();
    table = {
      client: createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT }),
      name: env.TABLE_NAME,
    };
  }
  return table;
}
