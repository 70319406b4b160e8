// How far the local product's clock runs ahead of the system clock, kept under DATA_DIR so a moved clock stays
// moved across restarts (the data in the table was written on that time line).
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { getLocalClockOffset, setLocalClockOffset } from '../functions/runtime/clock';

const clockFileSchema = z.object({
  offsetMs: z.number().check(z.int(), z.nonnegative()),
  movedAt: z.optional(z.string()),
});

export function clockFilePath(dataDir: string): string {
  return join(dataDir, 'clock.json');
}

/** Sets this process's product clock from the data folder (no file: the system time). Local stage only. */
export async function loadClockOffset(dataDir: string): Promise<number> {
  const path = clockFilePath(dataDir);
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  let offsetMs = 0;
  if (text !== null) {
    const parsed = clockFileSchema.safeParse(safeJson(text));
    if (!parsed.success) {
      throw new Error(`${path} is not a clock offset file ({ "offsetMs": <whole ms> }): fix or delete it.`);
    }
    offsetMs = parsed.data.offsetMs;
  }
  setLocalClockOffset(offsetMs);
  return offsetMs;
}

/** Persists the current offset atomically (a whole temp file renamed over the old one). */
export async function saveClockOffset(
  dataDir: string,
  offsetMs: number = getLocalClockOffset(),
): Promise<void> {
  const path = clockFilePath(dataDir);
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify({ offsetMs, movedAt: new Date().toISOString() }, null, 2)}\n`);
  await rename(temp, path);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
