// `npm test`: every check a reviewer would run, in order, ending with one line `N passed, N failed`
// (TOOLCHAIN.md: CI reads that line). Static checks count as one test each.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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
  const line = (text ?? '').split('\n').find((part) => part.trim() !== '') ?? '';
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

function staticCheck(label: string, command: string, args: string[]): void {
  if (run(label, command, args)) tally.passed += 1;
  else {
    tally.failed += 1;
    failures.push(`${label} failed (see its output above)`);
  }
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

function vitest(label: string, reportName: string, args: string[]): void {
  const outputFile = join(resultsDir, `${reportName}.json`);
  const ok = run(label, bin('vitest'), [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ]);
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

const began = Date.now();
staticCheck('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
staticCheck('lint', bin('eslint'), ['--max-warnings', '0', '.']);
staticCheck('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
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
vitest('end-to-end tests (Chromium)', 'e2e', ['--config', 'test/e2e/vitest.config.ts']);

console.log(`\n── timings ─────────────────────────────────────────\n${timings.join('\n')}`);
console.log(`total: ${((Date.now() - began) / 1000).toFixed(1)} s\n`);
if (failures.length > 0) {
  console.log(`── what failed ─────────────────────────────────────\n${failures.join('\n')}\n`);
}
const skipped = tally.skipped > 0 ? `, ${tally.skipped} skipped` : '';
console.log(`${tally.passed} passed, ${tally.failed} failed${skipped}`);
process.exit(tally.failed > 0 ? 1 : 0);
