// `npm run job -- <name>`: runs one scheduled job now against the local table (DynamoDB Local is started for it).
import { join } from 'node:path';
import type { JobDefinition } from '../events/definitions';
import { jobs } from '../events/definitions';
import { localTableName, repoRoot } from './app';
import { createLocalDynamoDbClient, startDynamoDbLocal } from './dynamodb-local';
import { findJob, runJob } from './scheduler';
import { ensureTable } from './table';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const name = process.argv[2];
const job = name ? findJob(name) : undefined;
if (!job) {
  console.error(
    `Usage: npm run job -- <name>\nJobs: ${(jobs as readonly JobDefinition[]).map((entry) => entry.name).join(', ')}`,
  );
  process.exit(2);
}

const dataDir = process.env.DATA_DIR ?? join(repoRoot, '.data');
const dynamo = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb') });
try {
  await ensureTable(createLocalDynamoDbClient(dynamo.endpoint), localTableName);
  Object.assign(process.env, {
    STAGE: 'local',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: localTableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  });
  const result = await runJob(job);
  console.log(JSON.stringify(result, null, 2));
  process.exitCode = result.status === 'completed' ? 0 : 3;
} finally {
  await dynamo.stop();
}
