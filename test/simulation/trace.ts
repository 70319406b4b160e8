// The simulation's trace, for finding what makes two runs of one seed differ: with `SIM_TRACE=<file>`, every step the
// world enters, every command, every DynamoDB request and Stripe call in the order they were sent, every fault that
// struck and every webhook delivered is written to the file, one line each, without wall-clock time. Two runs of a
// seed should write the same file; the first line where two files differ names what went another way.
import { closeSync, openSync, writeSync } from 'node:fs';

let file: number | null = null;
let buffered: string[] = [];

let runs = 0;

/**
 * Starts the trace of a run when `SIM_TRACE` names a file: the process's first run writes that file, the next ones
 * `<file>.2`, `<file>.3` … (to compare two runs of one process as well as two processes).
 */
export function openTrace(path = process.env.SIM_TRACE): void {
  if (!path) return;
  closeTrace();
  runs += 1;
  file = openSync(runs === 1 ? path : `${path}.${runs}`, 'w');
}

export function tracing(): boolean {
  return file !== null;
}

/** One line of the trace (kept in memory, written when the world moves to its next step). */
export function trace(line: string): void {
  if (file === null) return;
  buffered.push(line);
  if (buffered.length >= 10_000) flushTrace();
}

export function flushTrace(): void {
  if (file === null || buffered.length === 0) return;
  writeSync(file, `${buffered.join('\n')}\n`);
  buffered = [];
}

export function closeTrace(): void {
  flushTrace();
  if (file !== null) closeSync(file);
  file = null;
}
