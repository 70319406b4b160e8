// The table a staff command works on (`npm run admin:create`, `npm run promo:add`): with STAGE=dev or prod the
// deployed table (TABLE_NAME in AWS_REGION, your AWS credentials); otherwise the local data, on DynamoDB Local over
// DATA_DIR, refusing (with the running product named) while anything else holds that folder, since two DynamoDB
// Locals on the same files would corrupt them.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TableRef } from '../functions/data/table';
import { createDocumentClient } from '../functions/runtime/dynamodb-client';
import { localTableName, repoRoot } from './app';
import { acquireDataDirLock, DataDirBusyError } from './data-dir-lock';
import { createLocalDynamoDbClient, LOCAL_REGION, startDynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './table';

/** Runs `work` on the stage's table; `command` names the command in the lock and in its messages. */
export async function withStageTable(
  command: string,
  work: (table: TableRef) => Promise<void>,
): Promise<void> {
  const stage = process.env.STAGE ?? 'local';
  if (stage === 'dev' || stage === 'prod') {
    const { TABLE_NAME, AWS_REGION } = process.env;
    if (!TABLE_NAME || !AWS_REGION) {
      console.error('With STAGE=dev or prod, set TABLE_NAME and AWS_REGION (see the stack outputs).');
      process.exit(2);
    }
    const client = createDocumentClient({ region: AWS_REGION });
    try {
      await work({ client, name: TABLE_NAME });
    } finally {
      client.destroy();
    }
    return;
  }
  const dataDir = process.env.DATA_DIR ?? join(repoRoot, '.data');
  mkdirSync(dataDir, { recursive: true });
  const lock = await acquireDataDirLock(dataDir, `npm run ${command}`).catch((error: unknown) => {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(`${error.message}\nStop it, run ${command}, and start it again.`);
    process.exit(2);
  });
  try {
    const dynamo = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb') });
    try {
      await ensureTable(createLocalDynamoDbClient(dynamo.endpoint), localTableName);
      const client = createDocumentClient({ region: LOCAL_REGION, endpoint: dynamo.endpoint });
      try {
        await work({ client, name: localTableName });
      } finally {
        client.destroy();
      }
    } finally {
      await dynamo.stop();
    }
  } finally {
    await lock.release();
  }
}
