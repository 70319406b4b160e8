// When the npm command that started this process began, so "ready in" counts what a person waited for, installs
// and all. `npm start` runs `node scripts/ensure.mjs start && tsx local/main.ts` in one shell; ensure.mjs notes the
// time and that shell's pid in .cache/command-start.json, and we take the note only if that shell is our ancestor
// (so a note left by another command never counts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function commandStartFile(repoRoot: string): string {
  return join(repoRoot, '.cache', 'command-start.json');
}

/** The npm command's start (ms since the epoch), or null when this process was not started by one through ensure. */
export function readCommandStart(repoRoot: string): number | null {
  let note: { shellPid?: unknown; startedAt?: unknown };
  try {
    note = JSON.parse(readFileSync(commandStartFile(repoRoot), 'utf8')) as typeof note;
  } catch {
    return null;
  }
  const { shellPid, startedAt } = note;
  if (typeof shellPid !== 'number' || typeof startedAt !== 'number' || startedAt > Date.now()) return null;
  return ancestorsOf(process.pid).includes(shellPid) ? startedAt : null;
}

/** This process's parent, grandparent … (a few levels: npm → sh → tsx → node). */
function ancestorsOf(pid: number, levels = 6): number[] {
  const ancestors: number[] = [];
  let current = pid;
  for (let level = 0; level < levels; level += 1) {
    const parent = current === process.pid ? process.ppid : parentOf(current);
    if (parent === null || parent <= 1) break;
    ancestors.push(parent);
    current = parent;
  }
  return ancestors;
}

function parentOf(pid: number): number | null {
  try {
    // Linux: the field after the command name, which is in parentheses and may itself hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(parent) ? parent : null;
  } catch {
    // elsewhere (macOS): ps
  }
  try {
    const parent = Number(
      execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8', timeout: 2_000 }).trim(),
    );
    return Number.isInteger(parent) ? parent : null;
  } catch {
    return null;
  }
}
