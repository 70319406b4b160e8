// `npm run promo:add -- <count> [--batch <id>]`: adds codes to the /try promo's pool (each a free $5 pie). Locally it
// works on the local data (DynamoDB Local on DATA_DIR, as admin:create does, refusing while the product runs on that
// folder); with STAGE=dev or prod it writes to TABLE_NAME in AWS_REGION with your AWS credentials. Each run is a
// batch: run the same `--batch` again after an interruption and it adds only what is missing.
import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { TableRef } from '../functions/data/table';
import { createDocumentClient } from '../functions/runtime/dynamodb-client';
import { getClock } from '../functions/runtime/clock';
import { addTryPromoCodes } from '../functions/services/promo/promo';
import { localTableName, repoRoot } from '../local/app';
import { acquireDataDirLock, DataDirBusyError } from '../local/data-dir-lock';
import { createLocalDynamoDbClient, LOCAL_REGION, startDynamoDbLocal } from '../local/dynamodb-local';
import { ensureTable } from '../local/table';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const usage = 'Usage: npm run promo:add -- <count 1-10000> [--batch <id>]';
/** One run adds at most this many: a larger pool is a few runs, each printed. */
const maximumCount = 10_000;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

function readArguments(argv: readonly string[]): { count: number; batchId: string } {
  const [countText, flag, batch, ...rest] = argv;
  if (!countText || !/^\d{1,5}$/.test(countText) || rest.length > 0) fail(usage);
  const count = Number(countText);
  if (count < 1 || count > maximumCount) fail(usage);
  if (flag === undefined) return { count, batchId: randomUUID() };
  if (flag !== '--batch' || !batch || !/^[A-Za-z0-9_-]{1,64}$/.test(batch)) fail(usage);
  return { count, batchId: batch };
}

async function addCodes(table: TableRef, count: number, batchId: string): Promise<void> {
  const result = await addTryPromoCodes({ table, clock: getClock() }, { count, batchId });
  console.log(`Batch ${batchId}: added ${result.added} /try promo codes.`);
  if (result.alreadyAdded > 0)
    console.log(`${result.alreadyAdded} of this batch were added by an earlier run.`);
  console.log(
    `The pool now has ${result.pool.remaining} codes left (${result.pool.added} added, ${result.pool.claimed} used).`,
  );
}

const { count, batchId } = readArguments(process.argv.slice(2));
const stage = process.env.STAGE ?? 'local';

if (stage === 'dev' || stage === 'prod') {
  const { TABLE_NAME, AWS_REGION } = process.env;
  if (!TABLE_NAME || !AWS_REGION)
    fail('With STAGE=dev or prod, set TABLE_NAME and AWS_REGION (see the stack outputs).');
  const client = createDocumentClient({ region: AWS_REGION });
  try {
    await addCodes({ client, name: TABLE_NAME }, count, batchId);
  } finally {
    client.destroy();
  }
} else {
  const dataDir = process.env.DATA_DIR ?? join(repoRoot, '.data');
  mkdirSync(dataDir, { recursive: true });
  // One DynamoDB Local per data folder: refuse (with the running product named) rather than open its files twice.
  const lock = await acquireDataDirLock(dataDir, 'npm run promo:add').catch((error: unknown) => {
    if (!(error instanceof DataDirBusyError)) throw error;
    console.error(`${error.message}\nStop it, run promo:add, and start it again.`);
    process.exit(2);
  });
  try {
    const dynamo = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb') });
    try {
      await ensureTable(createLocalDynamoDbClient(dynamo.endpoint), localTableName);
      const client = createDocumentClient({ region: LOCAL_REGION, endpoint: dynamo.endpoint });
      try {
        await addCodes({ client, name: localTableName }, count, batchId);
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
