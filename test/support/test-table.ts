// The one table handle integration tests reach DynamoDB Local through: the product's own (functions/runtime/table.ts),
// on the table test/support/dynamodb-table-setup.ts made for this file and named in TABLE_NAME.
import type { TableClient } from '../../functions/runtime/table';
import { getTable } from '../../functions/runtime/table';

/** This file's table and its document client, the same handle the handlers under test use. */
export function testTable(): TableClient {
  return getTable();
}
