// One local product per data folder: DynamoDB Local started twice on the same files corrupts them, and two clocks
// would each run the same jobs. The holder writes `openpie.lock` (pid, port, command) under DATA_DIR; others read it
// to refuse, or to reach the running product through its port. A lock whose process is gone is taken over.
import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';

const lockHolderSchema = z.object({
  pid: z.number().check(z.int(), z.positive()),
  /** The product's HTTP port once it listens; null while it starts. */
  port: z.nullable(z.number().check(z.int(), z.positive())),
  command: z.string(),
  startedAt: z.string(),
});
export type LockHolder = z.infer<typeof lockHolderSchema>;

export class DataDirBusyError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly lockPath: string,
  ) {
    super(
      `OpenPie is already running on this data folder (${holder.command}, pid ${holder.pid}` +
        `${holder.port === null ? ', starting' : `, port ${holder.port}`}). Stop it first, or use another DATA_DIR. ` +
        `If no OpenPie is running, delete ${lockPath}.`,
    );
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  /** Records the port the product listens on, for `npm run time` to find it. */
  setPort(port: number): Promise<void>;
  release(): Promise<void>;
}

export function lockPathOf(dataDir: string): string {
  return join(dataDir, 'openpie.lock');
}

/** Takes the data folder for this process, or throws DataDirBusyError naming the live holder. */
export async function acquireDataDirLock(dataDir: string, command: string): Promise<DataDirLock> {
  const path = lockPathOf(dataDir);
  let holder: LockHolder = { pid: process.pid, port: null, command, startedAt: new Date().toISOString() };
  // Written whole beside the lock, then linked into place: link() fails if the lock exists, and nobody ever reads a
  // half-written one.
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(holder)}\n`);
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await link(temp, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const current = await readLockHolder(path);
        if (current && isAlive(current.pid)) throw new DataDirBusyError(current, path);
        // Left by a process that died without releasing it (SIGKILL, power loss): take it over once.
        if (attempt > 0) throw error;
        await unlink(path).catch(() => undefined);
      }
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  // A crash still runs 'exit' handlers on process.exit and uncaught errors; only SIGKILL leaves the lock behind.
  const releaseOnExit = (): void => {
    if (readLockHolderSync(path)?.pid === process.pid) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', releaseOnExit);
  let released = false;
  return {
    async setPort(port) {
      if (released) return;
      holder = { ...holder, port };
      const temp = `${path}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(holder)}\n`);
      await rename(temp, path);
    },
    async release() {
      if (released) return;
      released = true;
      process.removeListener('exit', releaseOnExit);
      if ((await readLockHolder(path))?.pid === process.pid) await unlink(path).catch(() => undefined);
    },
  };
}

/** The process holding the data folder, when it is alive. */
export async function readLiveLockHolder(dataDir: string): Promise<LockHolder | null> {
  const holder = await readLockHolder(lockPathOf(dataDir));
  return holder && isAlive(holder.pid) ? holder : null;
}

async function readLockHolder(path: string): Promise<LockHolder | null> {
  const text = await readFile(path, 'utf8').catch(() => null);
  return text === null ? null : parseHolder(text);
}

function readLockHolderSync(path: string): LockHolder | null {
  try {
    return parseHolder(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = lockHolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
