// Installs what `npm start` / `npm test` need and a fresh clone lacks, then gets out of the way.
// Plain Node with no dependencies, because it runs before node_modules exists.
// Usage: node scripts/ensure.mjs [start|test]
// Silent when nothing is missing: every check is a stat, never a child process, so it stays far under 300 ms. When
// something is installed, each phase prints its start, a line every 10 s while it runs, and its time.
// It also notes when the npm command began (.cache/command-start.json), so `npm start` can say "ready in" from there.
import { spawn } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_DIR = path.join(ROOT, '.cache');
const DOWNLOAD_DIR = path.join(CACHE_DIR, 'dl');
const DYNAMODB_LOCAL_DIR = path.join(CACHE_DIR, 'dynamodb-local');
const DYNAMODB_LOCAL_JAR = path.join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal.jar');
// DynamoDB Local 1.25.1 rides inside this package (TOOLCHAIN.md); only its tarball is fetched, never installed.
const SIMULATOR_PACKAGE = 'amplify-dynamodb-simulator@2.9.30';
const SIMULATOR_TARBALL = path.join(DOWNLOAD_DIR, 'amplify-dynamodb-simulator-2.9.30.tgz');
const CHROMIUM_PATH = '/usr/bin/chromium';
const MODES = new Set(['all', 'start', 'test']);
const COMMAND_START_FILE = path.join(CACHE_DIR, 'command-start.json');
const HEARTBEAT_MS = 10_000;

class EnsureError extends Error {}

await main();

async function main() {
  const mode = process.argv[2] ?? 'all';
  if (!MODES.has(mode)) {
    console.error(`Usage: node scripts/ensure.mjs [start|test] (got "${mode}")`);
    process.exit(2);
  }
  noteCommandStart();
  try {
    if (needsDependencies()) await phase('Installing npm dependencies (npm ci)', installDependencies);
    if (needsDynamoDbLocal()) await phase('Installing DynamoDB Local (once)', installDynamoDbLocal);
    if (mode !== 'all' && !isOnPath('java')) {
      await phase('Installing Java (apt-get, once)', () =>
        installSystemPackage('Java', 'openjdk-17-jre-headless'),
      );
    }
    if (mode === 'test' && !existsSync(CHROMIUM_PATH)) {
      await phase('Installing Chromium (apt-get, once)', () => installSystemPackage('Chromium', 'chromium'));
    }
  } catch (error) {
    const message = error instanceof EnsureError ? error.message : String(error?.stack ?? error);
    console.error(`ensure: ${message}`);
    process.exit(1);
  }
}

/**
 * The npm command's start, for the command that runs after us in the same shell (local/command-start.ts). Our parent
 * is that shell; the process start is as close to the command's start as we can see.
 */
function noteCommandStart() {
  const startedAt = Math.round(performance.timeOrigin);
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(COMMAND_START_FILE, `${JSON.stringify({ shellPid: process.ppid, startedAt })}\n`);
  } catch {
    // Only the "ready in" figure depends on it.
  }
}

/** Runs one install phase: a line when it starts, one every 10 s while it runs, and one with its time. */
async function phase(label, work) {
  const startedAt = Date.now();
  const seconds = () => `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
  console.log(`${label}…`);
  const heartbeat = setInterval(
    () => console.log(`  … still ${lowerFirst(label)} (${seconds()})`),
    HEARTBEAT_MS,
  );
  try {
    await work();
  } finally {
    clearInterval(heartbeat);
  }
  console.log(`  done in ${seconds()}`);
}

/** "Installing Java (apt-get, once)" → "installing Java", for the heartbeat line. */
function lowerFirst(text) {
  const short = text.replace(/ \(.*\)$/, '');
  return short.charAt(0).toLowerCase() + short.slice(1);
}

// --- decisions -------------------------------------------------------------------------------------------------

function needsDependencies() {
  const hiddenLockfile = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (!existsSync(hiddenLockfile)) return true;
  // npm writes node_modules/.package-lock.json at the end of every install, so an older one means
  // package-lock.json moved on (a pull, a branch switch) since node_modules was last made from it.
  return statSync(hiddenLockfile).mtimeMs < statSync(path.join(ROOT, 'package-lock.json')).mtimeMs;
}

function needsDynamoDbLocal() {
  // The jar is the last thing to appear (the folder is renamed into place whole), so it proves a complete install.
  return !existsSync(DYNAMODB_LOCAL_JAR);
}

function isOnPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      // not in this folder
    }
  }
  return false;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

// --- actions ---------------------------------------------------------------------------------------------------

async function installDependencies() {
  // Browsers come from Debian's chromium package, never from Playwright's download.
  await run('npm', ['ci', '--no-audit', '--no-fund'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
}

async function installDynamoDbLocal() {
  mkdirSync(DOWNLOAD_DIR, { recursive: true });
  removeLeftoverTempDirs();
  const hadTarball = existsSync(SIMULATOR_TARBALL);
  if (!hadTarball) await fetchSimulatorTarball();
  try {
    await extractDynamoDbLocal();
  } catch (error) {
    // A tarball cut short by an interrupted `npm pack` fails to extract: fetch it again once (npm's cache makes it cheap).
    if (!hadTarball) throw error;
    rmSync(SIMULATOR_TARBALL, { force: true });
    await fetchSimulatorTarball();
    await extractDynamoDbLocal();
  }
}

async function fetchSimulatorTarball() {
  await run('npm', ['pack', SIMULATOR_PACKAGE, '--pack-destination', DOWNLOAD_DIR, '--silent']);
  if (!existsSync(SIMULATOR_TARBALL)) {
    throw new EnsureError(
      `npm pack ${SIMULATOR_PACKAGE} did not produce ${path.relative(ROOT, SIMULATOR_TARBALL)}`,
    );
  }
}

async function extractDynamoDbLocal() {
  // Extract beside the target and rename at the end, so an interrupted run leaves no half-installed folder behind
  // and the jar check above retries next time.
  const tempDir = mkdtempSync(path.join(CACHE_DIR, 'dynamodb-local.tmp-'));
  try {
    await run('tar', ['-xzf', SIMULATOR_TARBALL, '-C', tempDir, 'package/emulator/']);
    const emulatorDir = path.join(tempDir, 'package', 'emulator');
    if (!existsSync(path.join(emulatorDir, 'DynamoDBLocal.jar'))) {
      throw new EnsureError(
        `${path.relative(ROOT, SIMULATOR_TARBALL)} has no package/emulator/DynamoDBLocal.jar`,
      );
    }
    rmSync(DYNAMODB_LOCAL_DIR, { recursive: true, force: true });
    renameSync(emulatorDir, DYNAMODB_LOCAL_DIR);
  } finally {
    rmSync(tempDir, { recursive: true, force: true });
  }
}

function removeLeftoverTempDirs() {
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith('dynamodb-local.tmp-'))
      rmSync(path.join(CACHE_DIR, name), { recursive: true, force: true });
  }
}

async function installSystemPackage(label, aptPackage) {
  const command = `apt-get update && apt-get install -y ${aptPackage}`;
  if (!isRoot() || !isOnPath('apt-get')) {
    throw new EnsureError(
      `${label} is missing. Install it (Debian/Ubuntu: sudo ${command.replace('&& ', '&& sudo ')}) and retry.`,
    );
  }
  // Wait for the dpkg lock instead of failing when another apt run is under way.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', [...lockWait, 'update'], env);
  await run('apt-get', [...lockWait, 'install', '-y', aptPackage], env);
}

/**
 * Runs a command quietly (asynchronously, so the phase's heartbeat keeps ticking); on failure, shows the end of its
 * output so the reason is visible.
 */
function run(command, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString('utf8')).slice(-64 * 1024);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => reject(new EnsureError(`could not run ${command}: ${error.message}`)));
    child.once('close', (status, signal) => {
      if (status === 0) return resolve();
      const tail = output.trim().split('\n').slice(-20).join('\n');
      const how = signal ? `was killed by ${signal}` : `exited with ${status}`;
      reject(new EnsureError(`\`${command} ${args.join(' ')}\` ${how}\n${tail}`));
    });
  });
}
