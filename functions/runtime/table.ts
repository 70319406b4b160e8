// The one table, reached through one document client per cold start.
import { createDocumentClient } from '../data/client';
import type { TableRef } from '../data/table';
import { getEnv } from './env';

let table: TableRef | undefined;

export function getTable(): TableRef {
  if (!table) {
    const env = getEnv();
    table = {
      client: createDocumentClient({ region: env.AWS_REGION, endpoint: env.DYNAMODB_ENDPOINT }),
      name: env.TABLE_NAME,
    };
  }
  return table;
}
