// `npm test`: every check a reviewer would run, in order, ending with one line `N passed, N failed`
// (TOOLCHAIN.md: CI reads that line). Static checks count as one test each.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { e2eShardNames } from '../test/e2e/shards';

const root = process.cwd();
// We run on Node 20 with the AWS SDK pinned (TOOLCHAIN.md): its Node 22 notice is known and only adds noise.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const resultsDir = join(root, 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}
const tally: Tally = { passed: 0, failed: 0, skipped: 0 };
// What failed, repeated just above the last line, so that a log cut to its tail still names it.
const failures: string[] = [];

function firstLine(text: string | undefined): string {
  const found = (text ?? '').split('\n').find((part) => part.trim() !== '') ?? '';
  // vitest's JSON report gives a timeout the stack of the error it made when the test or hook was declared, whose
  // message is its placeholder: say what it stands for.
  const line =
    found === 'Error: STACK_TRACE_ERROR'
      ? 'Timed out: the test or one of its hooks ran past its time limit'
      : found;
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

function collectFailures(label: string, report: VitestReport): void {
  for (const file of report.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      failures.push(`${label} · ${path} › ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === 'failed') {
      failures.push(`${label} · ${path} (did not run)\n    ${firstLine(file.message)}`);
    }
  }
}
const timings: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n── ${label} ─────────────────────────────────────────`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${label}: ${seconds} s`);
  return result.status === 0;
}

function bin(name: string): string {
  return join(root, 'node_modules', '.bin', name);
}

interface VitestAssertion {
  fullName: string;
  status: string;
  failureMessages?: string[];
}
interface VitestFileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: VitestAssertion[];
}
interface VitestReport {
  testResults?: VitestFileResult[];
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

function vitestArgs(args: string[], outputFile: string): string[] {
  return ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`];
}

/** Counts one vitest run from its JSON report; `ok` is whether vitest itself exited 0. */
function tallyReport(label: string, outputFile: string, ok: boolean): void {
  let report: VitestReport | null;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8')) as VitestReport;
  } catch {
    report = null;
  }
  if (!report) {
    tally.failed += 1;
    failures.push(`${label}: no report was written`);
    console.error(`${label}: no report was written`);
    return;
  }
  collectFailures(label, report);
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  tally.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that fails to load has no failed tests of its own: count it.
  if (!ok && report.numFailedTests === 0) {
    tally.failed += Math.max(1, report.numFailedTestSuites);
    if (report.numFailedTestSuites === 0) {
      failures.push(
        `${label}: every test passed, but vitest failed the run: an unhandled error or rejection (its "Unhandled Errors" block above names the file)`,
      );
    }
  }
}

function vitest(label: string, reportName: string, args: string[]): void {
  const outputFile = join(resultsDir, `${reportName}.json`);
  tallyReport(label, outputFile, run(label, bin('vitest'), vitestArgs(args, outputFile)));
}

/** Runs a command with its output in `logFile`; resolves whether it exited 0. */
async function runCaptured(
  command: string,
  args: string[],
  logFile: string,
  env: NodeJS.ProcessEnv = {},
): Promise<boolean> {
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { stdio: ['ignore', log, log], env: { ...process.env, ...env } });
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (exitCode) => resolve(exitCode));
    child.once('error', () => resolve(null));
  });
  closeSync(log);
  return code === 0;
}

/**
 * The static checks at once (each is one process on one core, and CI has two), each counted as one test; each
 * one's output is printed whole when it ends.
 */
async function staticChecks(checks: { label: string; command: string; args: string[] }[]): Promise<void> {
  const started = Date.now();
  await Promise.all(
    checks.map(async ({ label, command, args }) => {
      const ok = await runCaptured(command, args, join(resultsDir, `${label}.log`));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n── ${label} (${seconds} s) ─────────────────────────────────────────`);
      process.stdout.write(readFileSync(join(resultsDir, `${label}.log`), 'utf8'));
      timings.push(`${label}: ${seconds} s (at once with the other static checks)`);
      if (ok) tally.passed += 1;
      else {
        tally.failed += 1;
        failures.push(`${label} failed (see its output above)`);
      }
    }),
  );
}

interface Shard {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

/**
 * Runs vitest once per shard, all at once, each writing its output to a file that is printed whole when it ends (two
 * interleaved progress logs cannot be read), and counts each from its own report.
 */
async function vitestShards(label: string, reportName: string, shards: Shard[]): Promise<void> {
  console.log(`\n── ${label} ─────────────────────────────────────────`);
  console.log(`${shards.length} shards at once: ${shards.map((shard) => shard.name).join(', ')}`);
  const started = Date.now();
  const results = await Promise.all(
    shards.map(async (shard) => {
      const outputFile = join(resultsDir, `${reportName}-${shard.name}.json`);
      const logFile = join(resultsDir, `${reportName}-${shard.name}.log`);
      const ok = await runCaptured(bin('vitest'), vitestArgs(shard.args, outputFile), logFile, shard.env);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n── ${label}, shard ${shard.name} (${seconds} s) ──\n${readFileSync(logFile, 'utf8')}`);
      return { shard, outputFile, ok };
    }),
  );
  timings.push(`${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const result of results) tallyReport(`${label} [${result.shard.name}]`, result.outputFile, result.ok);
}

const began = Date.now();
await staticChecks([
  // TypeScript 7's native compiler (decision 059): the same check in some 40% of 5.9's CPU. 5.9 stays for ESLint's
  // parser; both packages name a `tsc`, so this one is called by its path.
  {
    label: 'typecheck',
    command: process.execPath,
    args: [join(root, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-p', 'tsconfig.json', '--noEmit'],
  },
  { label: 'lint', command: bin('eslint'), args: ['--max-warnings', '0', '.'] },
  { label: 'format', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
]);
vitest('unit, integration, security, infra and frontend tests', 'vitest', []);
const built = run('build the web app', bin('vite'), [
  'build',
  '--config',
  'frontend/vite.config.ts',
  '--logLevel',
  'warn',
]);
if (built) tally.passed += 1;
else {
  tally.failed += 1;
  failures.push('build the web app failed (see its output above)');
}
// Two shards, each with a product of its own (test/e2e/shards.ts says which file goes where).
await vitestShards(
  'end-to-end tests (Chromium)',
  'e2e',
  e2eShardNames.map((name) => ({
    name,
    args: ['--config', 'test/e2e/vitest.config.ts'],
    env: { E2E_SHARD: name },
  })),
);

console.log(`\n── timings ─────────────────────────────────────────\n${timings.join('\n')}`);
console.log(`total: ${((Date.now() - began) / 1000).toFixed(1)} s\n`);
if (failures.length > 0) {
  console.log(`── what failed ─────────────────────────────────────\n${failures.join('\n')}\n`);
}
const skipped = tally.skipped > 0 ? `, ${tally.skipped} skipped` : '';
console.log(`${tally.passed} passed, ${tally.failed} failed${skipped}`);
process.exit(tally.failed > 0 ? 1 : 0);
