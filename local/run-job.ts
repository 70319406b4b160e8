// `npm run job -- <name>`: runs one scheduled job now (product time) against the local data, with the local runtime
// it needs (DynamoDB Local, the queue and bus stand-ins, the sandboxes) started on DATA_DIR for it and stopped after.
// Refused while `npm start` holds the same data folder: its own scheduler runs the jobs there.
import { join } from 'node:path';
import type { JobDefinition } from '../events/definitions';
import { jobs } from '../events/definitions';
import { repoRoot } from './app';
import { findJob, runJob } from './scheduler';
import { withLocalRuntime } from './with-local-runtime';

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
process.exitCode = await withLocalRuntime(dataDir, 'npm run job', async () => {
  const result = await runJob(job);
  console.log(JSON.stringify(result, null, 2));
  return result.status === 'completed' ? 0 : 3;
});
