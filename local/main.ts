// `npm start` (and `npm run dev` with --dev): the whole product locally, offline, on its embedded default.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommandStart } from './command-start';
import { acquireDataDirLock, DataDirBusyError } from './data-dir-lock';
import { readTableStorage, startDynamoDbLocal, tableStorage } from './dynamodb-local';

// We run on Node 20 with the AWS SDK pinned (TOOLCHAIN.md); its Node 22 notice would bury the URL below.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 3000);
const dataDir = process.env.DATA_DIR ?? join(repoRoot, '.data');
// LOCAL_TABLE=memory keeps the table in DynamoDB Local's memory (DESIGN §3: in memory for tests): the end-to-end
// suite's product, whose folder is thrown away after the run. `npm start` keeps it on disk under the data folder.
const tableInMemory = readTableStorage(process.env.LOCAL_TABLE) === 'memory';
const command = dev ? 'npm run dev' : 'npm start';

// From the npm command's start (installs included), not this process's: that is what a person waited for.
const startedAt = readCommandStart(repoRoot) ?? Date.now();
const progress = (line: string) => console.log(`  ${line}`);
// The folder is ours before DynamoDB Local touches it; then its JVM boots (seconds) while the product's modules load.
await mkdir(dataDir, { recursive: true });
const lock = await acquireDataDirLock(dataDir, command).catch((error: unknown) => {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const dynamoDb = startDynamoDbLocal(tableStorage(dataDir, tableInMemory));
// Its failure is the start's, reported by startOpenPie.
void dynamoDb.catch(() => undefined);
const [{ startOpenPie }, { demoBackground, seedDemoData }] = await Promise.all([
  import('./app'),
  import('./seed'),
]);
const app = await startOpenPie({
  port,
  dataDir,
  tableInMemory,
  dev,
  progress,
  command,
  startedEarly: { lock, dynamoDb },
});
const seedStartedAt = Date.now();
const seeded = await seedDemoData(app.stripeSandbox);
progress(`demo data ready in ${((Date.now() - seedStartedAt) / 1000).toFixed(1)} s`);

console.log('');
console.log(`OpenPie is running at ${app.url}`);
console.log(
  `  ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; data in ${dataDir}${tableInMemory ? ' (the table in memory)' : ''}${dev ? '; hot reload on' : ''}`,
);
const offsetMs = app.timeMachine.offsetMs();
if (offsetMs > 0) {
  console.log(
    `  product time ${app.timeMachine.now().toISOString()} (${(offsetMs / 86_400_000).toFixed(1)} days ahead; npm run time -- now)`,
  );
}
for (const line of seeded.lines) console.log(`  ${line}`);
console.log('  Press Ctrl-C to stop.');
// A first start writes the rest of the demo after "ready" (the catalogue's other artists, then the demo fan's
// listening): said when each is there. test/e2e/support/product.ts waits for the catalogue's line.
const since = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
void demoBackground.catalogue.then((written) => written && progress(`demo catalogue complete (${since()})`));
void demoBackground.listening.then(
  (written) => written && progress(`demo fan's listening written (${since()})`),
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping OpenPie and DynamoDB Local…`);
  void app.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
