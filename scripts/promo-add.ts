// `npm run promo:add -- <count> [--batch <id>]`: adds codes to the /try promo's pool (each a free $5 pie). Locally it
// works on the local data (DynamoDB Local on DATA_DIR, as admin:create does, refusing while the product runs on that
// folder); with STAGE=dev or prod it writes to TABLE_NAME in AWS_REGION with your AWS credentials. Each run is a
// batch: run the same `--batch` again after an interruption and it adds only what is missing.
import { randomUUID } from 'node:crypto';
import type { TableRef } from '../functions/data/table';
import { getClock } from '../functions/runtime/clock';
import { addTryPromoCodes } from '../functions/services/promo/promo';

import { withStageTable } from '../local/with-stage-table';

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

await withStageTable('promo:add', (table) => addCodes(table, count, batchId));
